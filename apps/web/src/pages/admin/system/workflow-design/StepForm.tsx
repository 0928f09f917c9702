import {
  WorkflowDesignPerm as P,
  type StepSetting,
  WORKFLOW_DUE_DAYS_MAX,
  WORKFLOW_REMIND_HOURS_MAX,
  type WorkflowMachineDetail,
} from '@odp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Typography } from 'antd';
import { feedback } from '@/api/feedback';
import { saveWorkflowConfig, workflowDesignKeys } from '@/api/system/workflow-design';
import { useCan } from '@/components/ResourcePage/permission';

type AssigneeKind = 'code' | 'ownerDepartment' | 'role' | 'department';
type StepValues = {
  assigneeKind: AssigneeKind;
  role?: string;
  orgCode?: string;
  dueDays?: number | null;
  remindBeforeHours?: number | null;
  skipMode: 'module' | 'classes';
  skipClasses?: string[];
};
type Values = { steps: Record<string, StepValues>; comment?: string };

const toValues = (steps: Record<string, StepSetting>, types: string[]): Record<string, StepValues> =>
  Object.fromEntries(
    types.map((type) => {
      const s = steps[type] ?? {};
      const a = s.assignee;
      return [
        type,
        {
          assigneeKind: a?.kind ?? 'code',
          role: a?.kind === 'role' ? a.role : undefined,
          orgCode: a?.kind === 'department' ? a.orgCode : undefined,
          dueDays: s.dueDays ?? null,
          remindBeforeHours: s.remindBeforeHours ?? null,
          skipMode: s.skipClasses ? 'classes' : 'module',
          skipClasses: s.skipClasses ?? [],
        },
      ];
    }),
  );

function toSetting(v: StepValues, skippable: boolean): StepSetting {
  const assignee =
    v.assigneeKind === 'ownerDepartment'
      ? { kind: 'ownerDepartment' as const }
      : v.assigneeKind === 'role' && v.role
        ? { kind: 'role' as const, role: v.role }
        : v.assigneeKind === 'department' && v.orgCode
          ? { kind: 'department' as const, orgCode: v.orgCode }
          : undefined;
  return {
    ...(assignee ? { assignee } : {}),
    ...(v.dueDays ? { dueDays: v.dueDays } : {}),
    ...(v.remindBeforeHours ? { remindBeforeHours: v.remindBeforeHours } : {}),
    ...(skippable && v.skipMode === 'classes' ? { skipClasses: v.skipClasses ?? [] } : {}),
  };
}

/**
 * The configuration of each review step; saving makes a new version that runs started afterwards
 * use. An empty field keeps the fallback shown beside it (the dictionary's or the code's).
 */
export function StepForm({ detail }: { detail: WorkflowMachineDetail }) {
  const can = useCan();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const types = detail.steps.map((s) => s.type);
  const classes = detail.machine.classes;
  const save = useMutation({
    mutationFn: (values: Values) =>
      saveWorkflowConfig({
        subject: detail.subject,
        comment: values.comment ?? '',
        steps: Object.fromEntries(detail.steps.map((s) => [s.type, toSetting(values.steps[s.type], s.skippable)])),
      }),
    onSuccess: async ({ version }) => {
      feedback.message.success(`已保存为版本 ${version}，对之后发起的流程生效`);
      form.setFieldValue('comment', '');
      await client.invalidateQueries({ queryKey: workflowDesignKeys.all });
    },
  });

  if (!detail.steps.length) return <Typography.Text type="secondary">该流程没有审核环节，无可配置项。</Typography.Text>;
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ steps: toValues(detail.current?.settings.steps ?? {}, types), comment: '' }}
      onFinish={(values) => save.mutate(values)}
      disabled={!can(P.edit)}
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {detail.steps.map((step) => (
          <Card key={step.type} size="small" title={step.label} data-testid={`step-${step.type}`}>
            <Row gutter={16}>
              <Col xs={24} md={12} xl={8}>
                <Form.Item
                  label="办理人"
                  name={['steps', step.type, 'assigneeKind']}
                  extra={`程序默认：${step.codeAssignee}`}
                >
                  <Radio.Group disabled={!step.assigneeConfigurable}>
                    <Radio value="code">程序默认</Radio>
                    <Radio value="ownerDepartment">数源部门</Radio>
                    <Radio value="role">角色</Radio>
                    <Radio value="department">指定部门</Radio>
                  </Radio.Group>
                </Form.Item>
                <Form.Item noStyle dependencies={[['steps', step.type, 'assigneeKind']]}>
                  {({ getFieldValue }) => {
                    const kind = getFieldValue(['steps', step.type, 'assigneeKind']) as AssigneeKind;
                    if (kind === 'role')
                      return (
                        <Form.Item
                          name={['steps', step.type, 'role']}
                          label="办理角色"
                          rules={[{ required: true, message: '请选择角色' }]}
                        >
                          <Select
                            showSearch
                            optionFilterProp="label"
                            placeholder="请选择角色"
                            options={detail.roles.map((r) => ({ value: r.code, label: r.name }))}
                          />
                        </Form.Item>
                      );
                    if (kind === 'department')
                      return (
                        <Form.Item
                          name={['steps', step.type, 'orgCode']}
                          label="办理部门"
                          rules={[{ required: true, message: '请选择部门' }]}
                        >
                          <Select
                            showSearch
                            optionFilterProp="label"
                            placeholder="请选择部门"
                            options={detail.departs.map((d) => ({ value: d.orgCode, label: d.name }))}
                          />
                        </Form.Item>
                      );
                    return null;
                  }}
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} xl={4}>
                <Form.Item
                  label="办理时限（工作日）"
                  name={['steps', step.type, 'dueDays']}
                  extra={
                    step.dictDueDays
                      ? `未填时按字典：${step.dictDueDays} 个工作日`
                      : step.codeDueDays
                        ? `未填时按程序：${step.codeDueDays} 个工作日`
                        : '未填时不设时限'
                  }
                >
                  <InputNumber
                    min={1}
                    max={WORKFLOW_DUE_DAYS_MAX}
                    precision={0}
                    style={{ width: '100%' }}
                    placeholder="默认"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} xl={4}>
                <Form.Item
                  label="到期前提醒（小时）"
                  name={['steps', step.type, 'remindBeforeHours']}
                  extra={`未填时按定时任务：${detail.jobRemindBeforeHours} 小时`}
                >
                  <InputNumber
                    min={1}
                    max={WORKFLOW_REMIND_HOURS_MAX}
                    precision={0}
                    style={{ width: '100%' }}
                    placeholder="默认"
                  />
                </Form.Item>
              </Col>
              {step.skippable && classes && (
                <Col xs={24} xl={8}>
                  <Form.Item label={`按${classes.label}跳过本环节`} name={['steps', step.type, 'skipMode']}>
                    <Radio.Group>
                      <Radio value="module">按业务规则</Radio>
                      <Radio value="classes">按分类</Radio>
                    </Radio.Group>
                  </Form.Item>
                  <Form.Item noStyle dependencies={[['steps', step.type, 'skipMode']]}>
                    {({ getFieldValue }) =>
                      getFieldValue(['steps', step.type, 'skipMode']) === 'classes' ? (
                        <Form.Item
                          name={['steps', step.type, 'skipClasses']}
                          extra="勾选的分类在上一环节通过后直接办结，不经本环节"
                        >
                          <Checkbox.Group
                            options={Object.entries(classes.values).map(([value, label]) => ({ value, label }))}
                          />
                        </Form.Item>
                      ) : null
                    }
                  </Form.Item>
                </Col>
              )}
            </Row>
          </Card>
        ))}
        <Form.Item
          label="修改说明"
          name="comment"
          rules={[{ required: true, whitespace: true, message: '请填写修改说明' }]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="例如：大数据局审核时限调整为 3 个工作日" />
        </Form.Item>
        {can(P.edit) && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存为新版本
          </Button>
        )}
      </Space>
    </Form>
  );
}
