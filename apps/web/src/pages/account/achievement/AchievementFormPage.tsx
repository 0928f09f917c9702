import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { achievementKeys, getAchievement } from '@/api/achievement';
import { usePortalTitle } from '@/layouts/PortalLayout';
import { resultPath } from '@/pages/result/outcomes';
import { centrePath } from '../personal-centre/tabs';
import { AchievementForm } from './AchievementForm';

/**
 * `/personalCenter/personalAdd` (`?id=` to edit): the user's result; a draft goes back to 我的成果, a
 * submission to the 提交成功 result page with its next steps.
 */
export default function AchievementFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  usePortalTitle(id ? '编辑应用成果' : '新增应用成果');
  const record = useQuery({
    queryKey: achievementKeys.detail(id ?? ''),
    queryFn: () => getAchievement(id ?? ''),
    enabled: Boolean(id),
  });
  return (
    <div className="portal-section">
      <div className="ach-form-panel">
        <h1>{id ? '编辑应用成果' : '新增应用成果'}</h1>
        {id && record.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <AchievementForm
            side="personal"
            record={record.data}
            onDone={(submitted) =>
              navigate(submitted ? resultPath('success', 'achievementSubmitted') : centrePath('achievements'))
            }
            onCancel={() => navigate(centrePath('achievements'))}
          />
        )}
      </div>
    </div>
  );
}
