import { Component, type ErrorInfo, type ReactNode } from 'react';

// Live queries throw their failure during render (dexie-react-hooks), so a section that reads the
// replica is wrapped in this to show the spec's error text in place instead of blanking the screen.

export interface ErrorBoundaryProps {
  fallback: (error: Error) => ReactNode;
  children?: ReactNode;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A section failed to load', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
