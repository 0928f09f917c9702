import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 320 }}>
      <Spin size="large" tip="加载中…">
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </div>
  );
}
