/**
 * One panel's error boundary: data a panel cannot read (a remote app's field
 * of the wrong type, say) takes down that panel only, which says what it could
 * not show; the rest of the page goes on. It tries again when `resetKey`
 * changes (the next snapshot, another table).
 */
import { Component, type ReactNode } from 'react';

interface Props {
  readonly name: string;
  readonly resetKey: unknown;
  readonly children: ReactNode;
}

interface State {
  readonly error: Error | null;
  readonly key: unknown;
}

export class PanelBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <section className="panel panel-error" role="alert" data-testid="panel-error" data-panel={this.props.name}>
        <header className="panel-head">
          <h2>{this.props.name}</h2>
        </header>
        <p className="error">
          The {this.props.name.toLowerCase()} panel could not show this table's data: {error.message.slice(0, 300)}
        </p>
      </section>
    );
  }
}
