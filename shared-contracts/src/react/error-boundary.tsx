import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What shows in place of the children once rendering them threw; `reset` renders them again. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  /** Which errors this boundary shows; any other goes on to the boundary above. All of them when left out. */
  handles?: (error: unknown) => boolean;
  /** Called before a reset, to drop whatever cached the failure (a rejected promise, a failed import). */
  onReset?: (error: unknown) => void;
}

/** A box, so that even `throw null` or `throw undefined` counts as caught. */
type Caught = { error: unknown } | null;

/**
 * The platform's one error boundary: a remote's crash notice, a screen whose code failed to arrive and a data read
 * that failed are all this with another fallback (React has error boundaries only as class components).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { caught: Caught }> {
  override state: { caught: Caught } = { caught: null };

  static getDerivedStateFromError(error: unknown): { caught: Caught } {
    return { caught: { error } };
  }

  readonly #reset = (): void => {
    const { caught } = this.state;
    if (caught) this.props.onReset?.(caught.error);
    this.setState({ caught: null });
  };

  override render(): ReactNode {
    const { caught } = this.state;
    if (caught === null) return this.props.children;
    // Rethrown from render, an error reaches the boundary above this one.
    if (this.props.handles && !this.props.handles(caught.error)) throw caught.error;
    return this.props.fallback(caught.error, this.#reset);
  }
}
