import { Button } from 'antd';
import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode /** A change (e.g. of the path) clears the error. */; resetKey?: string };
type State = { error: Error | null; resetKey?: string };

const chinese = /[\u4e00-\u9fa5]/;

/**
 * Catches a page that failed to load or render (e.g. a chunk that timed out) and offers a reload.
 * Plain markup rather than antd Result, whose illustrations would weigh on every first load.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" style={{ padding: '64px 24px', textAlign: 'center' }}>
        <h2 style={{ fontSize: 20, fontWeight: 500, margin: '0 0 8px' }}>页面加载失败</h2>
        <p style={{ color: 'rgba(0,0,0,0.45)', margin: '0 0 24px' }}>
          {chinese.test(error.message) ? error.message : '请检查网络后刷新重试'}
        </p>
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      </div>
    );
  }
}
