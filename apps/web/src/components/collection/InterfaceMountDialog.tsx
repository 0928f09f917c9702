import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type InterfaceItem,
  type InterfaceMountInput,
  PARAM_LOCATION_LABEL,
  PARAM_LOCATIONS,
  PARAM_TYPE_LABEL,
  PARAM_TYPES,
  REQUEST_MODES,
  RESPONSE_TYPE_LABEL,
  RESPONSE_TYPES,
} from '@odp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Col, Drawer, Form, Input, Radio, Row, Select, Space, Typography } from 'antd';
import { mountInterface } from '@/api/collection';
import { feedback } from '@/api/feedback';
import { blamedField, isApiError } from '@/components/ResourcePage/errors';

type Values = Omit<InterfaceMountInput, 'catalogId'>;

const typeOptions = PARAM_TYPES.map((t) => ({ value: t, label: PARAM_TYPE_LABEL[t] }));
const locationOptions = PARAM_LOCATIONS.map((l) => ({ value: l, label: PARAM_LOCATION_LABEL[l] }));

/** What the form starts from: the registered interface (重新挂载; a built-in demo upstream's address is not shown), else a GET returning JSON. */
function initialOf(entry: InterfaceItem): Values {
  const api = entry.api;
  if (api) return { ...api, upstreamUrl: api.upstreamUrl.startsWith('builtin:') ? '' : api.upstreamUrl };
  return {
    apiName: `${entry.catalogName}查询接口`,
    requestMode: 'GET',
    responseType: 'json',
    upstreamUrl: '',
    requestParameters: [],
    responseParameters: [],
  };
}

/**
 * 挂载 / 重新挂载 an entry's interface: the upstream's address (http or https; checked by the server
 * now and at every call), its request parameters — only these reach the upstream — and the answer's
 * fields and samples developers see on the entry's API tab.
 */
export function InterfaceMountDialog({
  entry,
  open,
  onClose,
  onDone,
}: {
  entry: InterfaceItem;
  open: boolean;
  onClose: () => void;
  onDone: () => Promise<unknown> | undefined;
}) {
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('requestMode', form);
  const save = useMutation({
    mutationFn: (values: Values) => mountInterface({ ...values, catalogId: entry.id }),
    onSuccess: async () => {
      feedback.message.success(entry.isMount === '1' ? '已重新挂载' : '挂载成功');
      await onDone();
      onClose();
    },
    onError: (error) => {
      const field = blamedField(error);
      if (field && isApiError(error)) form.setFields([{ name: field as keyof Values, errors: [error.message] }]);
    },
  });

  return (
    <Drawer
      title={`${entry.isMount === '1' ? '重新挂载' : '挂载'}接口：${entry.catalogName}`}
      open={open}
      onClose={onClose}
      width="min(880px, 100vw)"
      destroyOnHidden
      maskClosable={false}
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialOf(entry)}
        onFinish={(values) => save.mutate(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="apiName" label="接口名称" rules={[{ required: true, message: '请输入接口名称' }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="requestMode" label="请求方式">
              <Radio.Group options={REQUEST_MODES.map((m) => ({ value: m, label: m }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="responseType" label="返回类型">
              <Select options={RESPONSE_TYPES.map((t) => ({ value: t, label: RESPONSE_TYPE_LABEL[t] }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="upstreamUrl"
          label="接口地址"
          extra="部门业务系统提供的地址（http 或 https，可带端口）。平台网关代为调用，地址不会公开；本机、内网和保留地址不能挂载。"
          rules={[{ required: true, message: '请输入接口地址' }]}
        >
          <Input placeholder="https://api.example.gov.cn/v1/query" maxLength={500} />
        </Form.Item>
        <Form.Item name="apiDescribe" label="接口描述">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>

        <Typography.Title level={5}>请求参数</Typography.Title>
        <Typography.Paragraph type="secondary">
          只有这里登记的参数会转发给接口，调用方传入未登记的参数时网关返回 400。
        </Typography.Paragraph>
        <Form.List name="requestParameters">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Row key={field.key} gutter={8} align="top" className="interface-param-row">
                  <Col xs={12} md={5}>
                    <Form.Item
                      name={[field.name, 'parameterName']}
                      label="参数名称"
                      rules={[{ required: true, message: '请输入参数名称' }]}
                    >
                      <Input maxLength={64} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={5}>
                    <Form.Item name={[field.name, 'parameterLocation']} label="参数位置">
                      <Select
                        options={locationOptions.map((o) => ({
                          ...o,
                          disabled: o.value === 'body' && mode === 'GET',
                        }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={3}>
                    <Form.Item name={[field.name, 'type']} label="类型">
                      <Select options={typeOptions} />
                    </Form.Item>
                  </Col>
                  <Col xs={6} md={2}>
                    <Form.Item name={[field.name, 'required']} label="必填" valuePropName="checked">
                      <Checkbox />
                    </Form.Item>
                  </Col>
                  <Col xs={10} md={3}>
                    <Form.Item name={[field.name, 'defaultValue']} label="默认值">
                      <Input maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={20} md={5}>
                    <Form.Item name={[field.name, 'description']} label="描述">
                      <Input maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={4} md={1}>
                    <Form.Item label=" ">
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label="删除该参数"
                        onClick={() => remove(field.name)}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                block
                onClick={() => add({ parameterLocation: 'query', type: 'string', required: false })}
              >
                添加请求参数
              </Button>
            </>
          )}
        </Form.List>

        <Typography.Title level={5} style={{ marginTop: 24 }}>
          返回参数
        </Typography.Title>
        <Form.List name="responseParameters">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Row key={field.key} gutter={8} align="top">
                  <Col xs={12} md={8}>
                    <Form.Item
                      name={[field.name, 'parameterName']}
                      label="参数名称"
                      rules={[{ required: true, message: '请输入参数名称' }]}
                    >
                      <Input maxLength={100} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={5}>
                    <Form.Item name={[field.name, 'type']} label="类型">
                      <Select options={typeOptions} />
                    </Form.Item>
                  </Col>
                  <Col xs={20} md={10}>
                    <Form.Item name={[field.name, 'description']} label="描述">
                      <Input maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={4} md={1}>
                    <Form.Item label=" ">
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label="删除该参数"
                        onClick={() => remove(field.name)}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} block onClick={() => add({ type: 'string' })}>
                添加返回参数
              </Button>
            </>
          )}
        </Form.List>

        <Row gutter={16} style={{ marginTop: 24 }}>
          <Col xs={24} md={12}>
            <Form.Item
              name="requestExample"
              label="请求示例"
              extra="测试时使用示例中 ? 之后的参数值，如 ?district=东湖区"
            >
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="returnExample" label="返回示例">
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} />
            </Form.Item>
          </Col>
        </Row>
        {entry.api?.upstreamUrl.startsWith('builtin:') && (
          <Alert
            type="info"
            showIcon
            message="该接口目前由演示城市的内置服务提供，填写部门业务系统的接口地址后即改为调用该地址。"
          />
        )}
      </Form>
    </Drawer>
  );
}
