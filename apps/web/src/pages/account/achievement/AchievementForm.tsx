import { UploadOutlined } from '@ant-design/icons';
import type { AchievementRecord, AchievementSaveForm } from '@odp/contracts';
import { APPLICATION_TYPES, DEVELOPER_TYPE_LABEL } from '@odp/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Popconfirm, Radio, Select, Space, Upload } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import {
  type AchievementSide,
  achievementKeys,
  associatedData,
  saveAchievement,
  uploadAchievementImage,
} from '@/api/achievement';
import { feedback } from '@/api/feedback';
import { useDictOptions } from '@/components/DictSelect/use-dict-options';
import './achievement-form.css';

type Values = Omit<AchievementSaveForm, 'onlineDate'> & { onlineDate?: dayjs.Dayjs };
type Img = { id: string; url: string };

const PICTURE_HINT = '支持 JPG、PNG、WebP 格式，单张不超过 5MB';

function ImagePick({
  label,
  value,
  onChange,
}: {
  label: string;
  value?: Img | null;
  onChange: (v: Img | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Space align="start" wrap>
      {value && (
        <img src={value.url} alt={label} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 8 }} />
      )}
      <Upload
        accept="image/png,image/jpeg,image/webp"
        showUploadList={false}
        beforeUpload={async (file) => {
          setBusy(true);
          try {
            onChange(await uploadAchievementImage(file));
          } catch (e) {
            feedback.message.error((e as Error).message);
          } finally {
            setBusy(false);
          }
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {value ? `更换${label}` : `上传${label}`}
        </Button>
      </Upload>
      {value && <Button onClick={() => onChange(null)}>移除</Button>}
    </Space>
  );
}

/** 应用成果's form (personal centre and back office): 保存 keeps a draft, 提交审核 saves and submits. */
export function AchievementForm({
  side,
  record,
  onDone,
  onCancel,
}: {
  side: AchievementSide;
  record?: AchievementRecord;
  /** After a save; `submitted` when the result was also submitted for review. */
  onDone: (submitted: boolean) => void;
  /** A 返回 button, where the form is a page of its own. */
  onCancel?: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [logo, setLogo] = useState<Img | null>(record ? { id: record.logoId, url: record.logoUrl ?? '' } : null);
  const [qr, setQr] = useState<Img | null>(
    record?.qrCodeId ? { id: record.qrCodeId, url: record.qrCodeUrl ?? '' } : null,
  );
  const [shots, setShots] = useState<Img[]>(
    record ? record.screenshotIds.map((id, i) => ({ id, url: record.screenshotUrls[i] ?? '' })) : [],
  );
  const [saving, setSaving] = useState(false);
  const areas = useDictOptions('key_areas_type');
  // Names of the datasets met so far: a pick stays named after the next search replaces the options.
  const [known, setKnown] = useState<Map<string, string>>(
    () => new Map((record?.datasets ?? []).map((d) => [d.id, d.catalogName])),
  );
  const datasets = useQuery({
    queryKey: ['achievement', 'associated', search, record?.id],
    queryFn: () => associatedData(search, record?.dataIds),
  });

  useEffect(() => {
    const found = datasets.data ?? [];
    if (found.some((d) => !known.has(d.id)))
      setKnown((was) => new Map([...was, ...found.map((d) => [d.id, d.catalogName] as const)]));
  }, [datasets.data, known]);
  const picked: string[] = Form.useWatch('dataIds', form) ?? [];
  const datasetOptions = [
    ...picked.map((id) => ({ value: id, label: known.get(id) ?? id })),
    ...(datasets.data ?? []).filter((d) => !picked.includes(d.id)).map((d) => ({ value: d.id, label: d.catalogName })),
  ];

  const send = async (submit: boolean) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await saveAchievement(
        side,
        {
          ...values,
          id: record?.id,
          onlineDate: values.onlineDate?.format('YYYY-MM-DD') ?? '',
          logoId: logo?.id ?? '',
          qrCodeId: qr?.id ?? null,
          screenshotIds: shots.map((s) => s.id),
        },
        submit,
      );
      feedback.message.success(submit ? '已提交审核' : '保存成功');
      // The lists and the record show the saved state when the form is left.
      await queryClient.invalidateQueries({ queryKey: achievementKeys.all });
      onDone(submit);
    } catch (e) {
      const err = e as Error & { data?: { field?: string } };
      const field = err.data?.field;
      if (field) form.setFields([{ name: field as keyof Values, errors: [err.message] }]);
      feedback.message.error(err.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 760 }}
      initialValues={
        record
          ? { ...record, onlineDate: dayjs(record.onlineDate) }
          : { developerType: '1', applicationType: undefined, dataIds: [] }
      }
    >
      <Form.Item
        name="applyName"
        label="应用名称"
        rules={[{ required: true, whitespace: true, message: '请输入应用名称' }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <div className="ach-form-row">
        <Form.Item name="applicationType" label="应用类型" rules={[{ required: true, message: '请选择应用类型' }]}>
          <Select
            placeholder="请选择应用类型"
            options={APPLICATION_TYPES.map((t) => ({ value: t.value, label: t.text }))}
          />
        </Form.Item>
        <Form.Item name="domainId" label="所属领域" rules={[{ required: true, message: '请选择所属领域' }]}>
          <Select
            placeholder="请选择所属领域"
            options={areas.map((a) => ({ value: a.value, label: a.text || a.label }))}
          />
        </Form.Item>
        <Form.Item name="onlineDate" label="上线日期" rules={[{ required: true, message: '请选择上线日期' }]}>
          <DatePicker style={{ width: '100%' }} placeholder="请选择上线日期" />
        </Form.Item>
      </div>
      <div className="ach-form-row">
        <Form.Item name="developerType" label="开发者类型" rules={[{ required: true, message: '请选择开发者类型' }]}>
          <Radio.Group options={Object.entries(DEVELOPER_TYPE_LABEL).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item
          className="ach-form-wide"
          name="developerName"
          label="开发者名称"
          rules={[{ required: true, whitespace: true, message: '请输入开发者名称' }]}
        >
          <Input maxLength={100} placeholder="个人姓名或企业名称" />
        </Form.Item>
      </div>
      <Form.Item name="url" label="访问地址" extra="访问地址与二维码至少填写一项">
        <Input placeholder="https://" maxLength={500} />
      </Form.Item>
      <Form.Item label="二维码" extra={PICTURE_HINT}>
        <ImagePick label="二维码" value={qr} onChange={setQr} />
      </Form.Item>
      <Form.Item
        name="applyIntroduce"
        label="应用介绍"
        rules={[
          { required: true, whitespace: true, message: '请输入应用介绍' },
          { min: 20, message: '请输入20字以上' },
        ]}
      >
        <Input.TextArea rows={4} maxLength={300} showCount />
      </Form.Item>
      <Form.Item label="应用图标" required extra={PICTURE_HINT}>
        <ImagePick label="图标" value={logo} onChange={setLogo} />
      </Form.Item>
      <Form.Item label="应用截图（最多 6 张）" extra={PICTURE_HINT}>
        <Space wrap>
          {shots.map((s) => (
            <ImagePick
              key={s.id}
              label="截图"
              value={s}
              onChange={(v) => setShots(shots.map((x) => (x.id === s.id ? v : x)).filter(Boolean) as Img[])}
            />
          ))}
          {shots.length < 6 && <ImagePick label="截图" value={null} onChange={(v) => v && setShots([...shots, v])} />}
        </Space>
      </Form.Item>
      <Form.Item
        name="dataIds"
        label="关联数据集"
        rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个关联数据集' }]}
      >
        <Select
          mode="multiple"
          showSearch
          filterOption={false}
          onSearch={setSearch}
          placeholder="输入数据集名称搜索已开放的数据"
          options={datasetOptions}
          loading={datasets.isFetching}
        />
      </Form.Item>
      <Space wrap>
        {onCancel && <Button onClick={onCancel}>返回</Button>}
        <Button onClick={() => send(false)} loading={saving}>
          保存
        </Button>
        <Popconfirm title="确定提交该应用审核？" okText="确定" cancelText="取消" onConfirm={() => send(true)}>
          <Button type="primary" loading={saving}>
            提交审核
          </Button>
        </Popconfirm>
      </Space>
    </Form>
  );
}
