import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePortalTitle } from '@/layouts/PortalLayout';
import { outcomeOf } from './outcomes';

/** 操作成功 / 操作失败 (`/result/success`, `/result/error`): the outcome named by `?of=`, with its next steps. */
export default function ResultPage({ kind }: { kind: 'success' | 'error' }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const outcome = outcomeOf(kind, params.get('of'));
  usePortalTitle(outcome.title);
  return (
    <div className="portal-section">
      <Result
        status={kind === 'success' ? 'success' : 'error'}
        title={<h1 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{outcome.title}</h1>}
        subTitle={outcome.text}
        extra={outcome.actions.map((action, i) => (
          <Button key={action.path} type={i === 0 ? 'primary' : 'default'} onClick={() => navigate(action.path)}>
            {action.label}
          </Button>
        ))}
      />
    </div>
  );
}
