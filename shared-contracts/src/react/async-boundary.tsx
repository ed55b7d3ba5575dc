import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary.js';

/**
 * Loading and error states around a Suspense-based data read: `loading` while the children wait, `failed` when the
 * read failed, whose retry calls `onRetry` (to drop whatever cached the failure) and renders the children afresh.
 */
export function AsyncBoundary(props: {
  children: ReactNode;
  loading: ReactNode;
  failed: (error: unknown, retry: () => void) => ReactNode;
  onRetry?: () => void;
}) {
  return (
    <ErrorBoundary fallback={props.failed} onReset={props.onRetry}>
      <Suspense fallback={props.loading}>{props.children}</Suspense>
    </ErrorBoundary>
  );
}
