import { DepartCreateInput, type DepartDetail, type DepartTreeNode, DepartUpdateInput, ORG_TYPE } from '@odp/contracts';
import { Button, Col, Form, Input, InputNumber, Row, Space, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import { DictSelect } from '@/components/DictSelect';
import { zodRule } from '@/components/ResourcePage';
import { blamedField, isApiError, unreportedMessage } from '@/components/ResourcePage/errors';
import { parentOptions, subtreeIdsOf } from './depart-tree';

export type DepartFormValues = {
  parentId?: string | null;
  departName: string;
  departNameAbbr?: string | null;
  orgCode: string;
  orgType: string;
  address?: string | null;
  phone?: string | null;
  sortNo?: number | null;
};

const field = DepartCreateInput.shape;

type Props = {
  tree: DepartTreeNode[];
  /** The department being edited; absent when adding one under `parentId`. */
  detail?: DepartDetail;
  parentId?: string | null;
  readOnly: boolean;
  onSubmit: (input: DepartCreateInput | DepartUpdateInput) => Promise<unknown>;
  onCancel?: () => void;
};

const toValues = (detail: DepartDetail): DepartFormValues => ({
  parentId: detail.parentId,
  departName: detail.departName,
  departNameAbbr: detail.departNameAbbr,
  orgCode: detail.orgCode,
  orgType: detail.orgType,
  address: detail.address,
  phone: detail.phone,
  sortNo: detail.sortNo,
});

/** 基本信息: the department's fields; the server's refusals land on the field they name. */
export function DepartInfoForm({ tree, detail, parentId, readOnly, onSubmit, onCancel }: Props) {
  const { message } = feedback;
  const [form] = Form.useForm<DepartFormValues>();
  const [saving, setSaving] = useState(false);
  const options = useMemo(
    () => parentOptions(tree, detail ? subtreeIdsOf(tree, detail.id) : new Set()),
    [tree, detail],
  );

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(
      detail
        ? toValues(detail)
        : { parentId: parentId ?? null, orgType: parentId ? ORG_TYPE.department : ORG_TYPE.institution, sortNo: 0 },
    );
  }, [form, detail, parentId]);

  const submit = async (values: DepartFormValues) => {
    const raw = { ...values, parentId: values.parentId ?? null, sortNo: values.sortNo ?? 0 };
    setSaving(true);
    try {
      await onSubmit(detail ? DepartUpdateInput.parse({ ...raw, id: detail.id }) : DepartCreateInput.parse(raw));
    } catch (error) {
      const blamed = blamedField(error);
      if (blamed && isApiError(error))
        form.setFields([{ name: blamed as keyof DepartFormValues, errors: [error.message] }]);
      else if (!isApiError(error)) message.error(unreportedMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<DepartFormValues>
      form={form}
      name="depart-form"
      layout="vertical"
      disabled={readOnly}
      onFinish={submit}
      style={{ maxWidth: 760 }}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="parentId" label="上级部门" extra="不选则为顶级机构">
            <TreeSelect
              allowClear
              showSearch
              treeDefaultExpandAll
              treeNodeFilterProp="title"
              placeholder="请选择上级部门"
              notFoundContent="暂无部门"
              treeData={options}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="departName" label="部门名称" rules={[zodRule(field.departName)]}>
            <Input placeholder="请输入部门名称" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="departNameAbbr" label="简称" rules={[zodRule(field.departNameAbbr)]}>
            <Input placeholder="请输入简称" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="orgCode"
            label="机构编码"
            extra="数据目录按机构编码归属部门，已有目录的部门不能修改编码"
            rules={[zodRule(field.orgCode)]}
          >
            <Input placeholder="如 BJ001" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="orgType" label="机构类型" rules={[{ required: true, message: '请选择机构类型' }]}>
            <DictSelect code="org_type" placeholder="请选择机构类型" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="电话" rules={[zodRule(field.phone)]}>
            <Input placeholder="请输入电话" maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sortNo" label="排序" extra="数字越小越靠前">
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label="地址" rules={[zodRule(field.address)]}>
            <Input placeholder="请输入地址" maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
      {!readOnly && (
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {detail ? '保存' : '新增'}
          </Button>
          {onCancel && <Button onClick={onCancel}>取消</Button>}
        </Space>
      )}
    </Form>
  );
}
