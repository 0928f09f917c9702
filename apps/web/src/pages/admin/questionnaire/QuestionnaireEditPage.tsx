import {
  QUESTION_KIND_LABEL,
  QUESTION_KINDS,
  QUESTIONNAIRE_LIMITS,
  QUESTIONNAIRE_PATHS,
  type QuestionKind,
  QuestionnaireSaveInput,
} from '@odp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { feedback } from '@/api/feedback';
import { getQuestionnaire, questionnaireKeys, saveQuestionnaire } from '@/api/questionnaire';
import './questionnaire.css';

type QuestionValues = { kind: QuestionKind; title: string; required: boolean; options?: { label: string }[] };
type Values = {
  title: string;
  description?: string;
  openTime?: Dayjs;
  closeTime?: Dayjs;
  allowAnonymous: boolean;
  showResults: boolean;
  questions: QuestionValues[];
};

const isChoiceKind = (kind: string | undefined) => kind === 'single' || kind === 'multiple';
const newQuestion = (kind: QuestionKind): QuestionValues => ({
  kind,
  title: '',
  required: true,
  options: isChoiceKind(kind) ? [{ label: '' }, { label: '' }] : [],
});

/** 问卷编辑: the builder (new, or `?id=`). Questions are fixed once someone answered. */
export default function QuestionnaireEditPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? undefined;
  const existing = useQuery({
    queryKey: questionnaireKeys.detail(id ?? ''),
    queryFn: () => getQuestionnaire(id as string),
    enabled: Boolean(id),
  });
  if (id && existing.isLoading)
    return (
      <Card title="编辑问卷">
        <Skeleton active />
      </Card>
    );
  if (id && !existing.data)
    return (
      <Card title="编辑问卷">
        <Empty description="问卷不存在或已删除" />
      </Card>
    );
  return <Builder id={id} record={existing.data} />;
}

function Builder({ id, record }: { id?: string; record?: Awaited<ReturnType<typeof getQuestionnaire>> }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const locked = Boolean(record?.locked);
  const questions = Form.useWatch('questions', form) as QuestionValues[] | undefined;

  const initial: Values = record
    ? {
        title: record.title,
        description: record.description,
        openTime: dayjs(record.openTime),
        closeTime: dayjs(record.closeTime),
        allowAnonymous: record.allowAnonymous,
        showResults: record.showResults,
        questions: record.questions.map((q) => ({
          kind: q.kind,
          title: q.title,
          required: q.required,
          options: q.options.map((o) => ({ label: o.label })),
        })),
      }
    : {
        title: '',
        description: '',
        openTime: dayjs().startOf('minute'),
        closeTime: dayjs().add(30, 'day').endOf('day').startOf('minute'),
        allowAnonymous: false,
        showResults: false,
        questions: [newQuestion('single')],
      };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = {
      id,
      title: values.title,
      description: values.description ?? '',
      openTime: values.openTime?.toISOString() ?? '',
      closeTime: values.closeTime?.toISOString() ?? '',
      allowAnonymous: values.allowAnonymous,
      showResults: values.showResults,
      questions: (values.questions ?? []).map((q) => ({
        kind: q.kind,
        title: q.title,
        required: q.required,
        options: isChoiceKind(q.kind) ? (q.options ?? []) : [],
      })),
    };
    // The contract's own check first, so the builder says what the server would, in the same words.
    const checked = QuestionnaireSaveInput.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const n = issue.path[0] === 'questions' && typeof issue.path[1] === 'number' ? `第${issue.path[1] + 1}题：` : '';
      feedback.message.error(`${n}${issue.message}`);
      return;
    }
    setSaving(true);
    try {
      const savedId = await saveQuestionnaire(body);
      feedback.message.success('保存成功');
      await queryClient.invalidateQueries({ queryKey: questionnaireKeys.all });
      if (!id) navigate(`${QUESTIONNAIRE_PATHS.adminEdit}?id=${savedId}`, { replace: true });
    } catch (e) {
      feedback.message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={id ? '编辑问卷' : '新增问卷'}
      extra={
        <Button onClick={() => navigate(QUESTIONNAIRE_PATHS.adminList)} aria-label="返回问卷列表">
          返回列表
        </Button>
      }
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} className="qn-builder">
        <Form.Item
          name="title"
          label="问卷标题"
          rules={[
            { required: true, whitespace: true, message: '请输入问卷标题' },
            { max: QUESTIONNAIRE_LIMITS.title, message: `问卷标题不能超过 ${QUESTIONNAIRE_LIMITS.title} 个字` },
          ]}
        >
          <Input placeholder="例如：开放数据使用满意度调查" maxLength={QUESTIONNAIRE_LIMITS.title} showCount />
        </Form.Item>
        <Form.Item name="description" label="问卷说明">
          <Input.TextArea
            rows={3}
            maxLength={QUESTIONNAIRE_LIMITS.description}
            showCount
            placeholder="向填写者说明调查目的、用途和大约用时"
          />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item name="openTime" label="开始时间" rules={[{ required: true, message: '请选择开始时间' }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder="开始时间" />
          </Form.Item>
          <Form.Item
            name="closeTime"
            label="结束时间"
            dependencies={['openTime']}
            rules={[
              { required: true, message: '请选择结束时间' },
              ({ getFieldValue }) => ({
                validator: (_r, v?: Dayjs) =>
                  !v || !getFieldValue('openTime') || v.isAfter(getFieldValue('openTime'))
                    ? Promise.resolve()
                    : Promise.reject(new Error('结束时间须晚于开始时间')),
              }),
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder="结束时间" />
          </Form.Item>
          <Form.Item
            name="allowAnonymous"
            label="允许匿名作答"
            valuePropName="checked"
            tooltip="允许时无需登录，每台设备限答一次；不允许时须登录，每个账号限答一次"
          >
            <Switch checkedChildren="允许" unCheckedChildren="须登录" />
          </Form.Item>
          <Form.Item
            name="showResults"
            label="结束后公开结果"
            valuePropName="checked"
            tooltip="问卷结束后，在门户展示各选择题和评分题的统计摘要（不含填空内容）"
          >
            <Switch checkedChildren="公开" unCheckedChildren="不公开" />
          </Form.Item>
        </Space>

        <Typography.Title level={5}>题目</Typography.Title>
        {locked && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`已有 ${record?.joinNumber ?? 0} 人作答，题目和选项不能再修改；标题、说明、时间等仍可修改。`}
          />
        )}
        <Form.List name="questions">
          {(fields, { add, remove, move }) => (
            <>
              {fields.length === 0 && <Empty description="还没有题目，请在下方添加" />}
              {fields.map((field, index) => {
                const kind = questions?.[index]?.kind;
                return (
                  <Card
                    key={field.key}
                    size="small"
                    className="qn-question"
                    title={
                      <Space>
                        <span>第{index + 1}题</span>
                        {kind && <Tag>{QUESTION_KIND_LABEL[kind]}</Tag>}
                      </Space>
                    }
                    extra={
                      <Space size={0} wrap>
                        <Button
                          type="link"
                          size="small"
                          disabled={locked || index === 0}
                          onClick={() => move(index, index - 1)}
                          aria-label={`上移第${index + 1}题`}
                        >
                          上移
                        </Button>
                        <Button
                          type="link"
                          size="small"
                          disabled={locked || index === fields.length - 1}
                          onClick={() => move(index, index + 1)}
                          aria-label={`下移第${index + 1}题`}
                        >
                          下移
                        </Button>
                        <Button
                          type="link"
                          size="small"
                          danger
                          disabled={locked}
                          onClick={() => remove(index)}
                          aria-label={`删除第${index + 1}题`}
                        >
                          删除
                        </Button>
                      </Space>
                    }
                  >
                    <Space wrap align="start" className="qn-question-head">
                      <Form.Item
                        name={[field.name, 'kind']}
                        label="题型"
                        rules={[{ required: true, message: '请选择题型' }]}
                      >
                        <Select
                          disabled={locked}
                          style={{ width: 120 }}
                          options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABEL[k] }))}
                          onChange={(k: QuestionKind) => {
                            const current = form.getFieldValue(['questions', field.name, 'options']) as
                              | { label: string }[]
                              | undefined;
                            if (isChoiceKind(k) && (current?.length ?? 0) < 2)
                              form.setFieldValue(['questions', field.name, 'options'], [{ label: '' }, { label: '' }]);
                          }}
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'required']} label="必答" valuePropName="checked">
                        <Switch disabled={locked} checkedChildren="必答" unCheckedChildren="选答" />
                      </Form.Item>
                    </Space>
                    <Form.Item
                      name={[field.name, 'title']}
                      label="题目"
                      rules={[
                        { required: true, whitespace: true, message: '请输入题目' },
                        {
                          max: QUESTIONNAIRE_LIMITS.questionTitle,
                          message: `题目不能超过 ${QUESTIONNAIRE_LIMITS.questionTitle} 个字`,
                        },
                      ]}
                    >
                      <Input disabled={locked} placeholder="请输入题目" />
                    </Form.Item>
                    {isChoiceKind(kind) && (
                      <Form.List name={[field.name, 'options']}>
                        {(opts, ops) => (
                          <div className="qn-options">
                            {opts.map((opt, j) => (
                              <Space key={opt.key} align="start" className="qn-option">
                                <span className="qn-option-no">{String.fromCharCode(65 + j)}.</span>
                                <Form.Item
                                  name={[opt.name, 'label']}
                                  rules={[
                                    { required: true, whitespace: true, message: '请输入选项内容' },
                                    {
                                      max: QUESTIONNAIRE_LIMITS.option,
                                      message: `选项内容不能超过 ${QUESTIONNAIRE_LIMITS.option} 个字`,
                                    },
                                  ]}
                                >
                                  <Input
                                    disabled={locked}
                                    placeholder={`选项 ${String.fromCharCode(65 + j)}`}
                                    aria-label={`第${index + 1}题选项 ${String.fromCharCode(65 + j)}`}
                                  />
                                </Form.Item>
                                <Tooltip title="上移">
                                  <Button
                                    size="small"
                                    disabled={locked || j === 0}
                                    onClick={() => ops.move(j, j - 1)}
                                    aria-label={`上移选项 ${String.fromCharCode(65 + j)}`}
                                  >
                                    ↑
                                  </Button>
                                </Tooltip>
                                <Tooltip title="下移">
                                  <Button
                                    size="small"
                                    disabled={locked || j === opts.length - 1}
                                    onClick={() => ops.move(j, j + 1)}
                                    aria-label={`下移选项 ${String.fromCharCode(65 + j)}`}
                                  >
                                    ↓
                                  </Button>
                                </Tooltip>
                                <Button
                                  size="small"
                                  danger
                                  disabled={locked || opts.length <= QUESTIONNAIRE_LIMITS.optionsMin}
                                  onClick={() => ops.remove(j)}
                                  aria-label={`删除选项 ${String.fromCharCode(65 + j)}`}
                                >
                                  删除
                                </Button>
                              </Space>
                            ))}
                            <Button
                              size="small"
                              type="dashed"
                              disabled={locked || opts.length >= QUESTIONNAIRE_LIMITS.options}
                              onClick={() => ops.add({ label: '' })}
                            >
                              添加选项
                            </Button>
                          </div>
                        )}
                      </Form.List>
                    )}
                    {kind === 'rating' && (
                      <Typography.Text type="secondary">填写者从 1 到 5 分中选择一个分数。</Typography.Text>
                    )}
                    {kind === 'text' && (
                      <Typography.Text type="secondary">
                        填写者输入文字，最多 {QUESTIONNAIRE_LIMITS.textAnswer} 字。
                      </Typography.Text>
                    )}
                  </Card>
                );
              })}
              <div className="qn-add-questions">
                <Space wrap>
                  {QUESTION_KINDS.map((k) => (
                    <Button
                      key={k}
                      type="dashed"
                      disabled={locked || fields.length >= QUESTIONNAIRE_LIMITS.questions}
                      onClick={() => add(newQuestion(k))}
                    >
                      添加{QUESTION_KIND_LABEL[k]}
                    </Button>
                  ))}
                </Space>
              </div>
            </>
          )}
        </Form.List>
        <Space>
          <Button type="primary" loading={saving} onClick={save}>
            保存
          </Button>
          <Button onClick={() => navigate(QUESTIONNAIRE_PATHS.adminList)}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}
