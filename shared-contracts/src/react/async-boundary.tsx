import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';

interface BoundaryProps {
  children: ReactNode;
  /** What to show while the children wait for data. */
  loading: ReactNode;
  /** What to show when loading failed; `retry` clears the error and renders the children again. */
  failed: (error: unknown, retry: () => void) => ReactNode;
  /** Called before a retry, to drop whatever cached the failure. */
  onRetry?: () => void;
}

interface BoundaryState {
  error: unknown;
  attempt: number;
}

/** Loading and error states around a Suspense-based data read, with a retry that re-renders from scratch. */
export class AsyncBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('AsyncBoundary caught', error, info.componentStack);
  }

  private readonly retry = (): void => {
    this.props.onRetry?.();
    this.setState((state) => ({ error: null, attempt: state.attempt + 1 }));
  };

  override render(): ReactNode {
    if (this.state.error) return this.props.failed(this.state.error, this.retry);
    return (
      <Suspense key={this.state.attempt} fallback={this.props.loading}>
        {this.props.children}
      </Suspense>
    );
  }
}
