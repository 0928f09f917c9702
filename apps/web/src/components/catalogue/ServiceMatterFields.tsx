import {
  SERVICE_MATTER_DICT as D,
  SERVICE_MATTER_LABEL as L,
  type ServiceMatterInput,
  ServiceMatterInput as ServiceMatterSchema,
} from '@odp/contracts';
import { Col, Form, type FormRule, Input, Radio, Row } from 'antd';
import { DictSelect } from '@/components/DictSelect';

type Field = Exclude<keyof ServiceMatterInput, 'relatedGovernment'>;

/** A field's rule checked by the contract as a whole (the required ones depend on 关联政务服务). */
const matterRule =
  (field: Field): FormRule =>
  ({ getFieldValue }) => ({
    validator: async () => {
      const result = ServiceMatterSchema.safeParse(getFieldValue('serviceMatter') ?? {});
      const issue = result.error?.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });

const REQUIRED: readonly Field[] = [
  'businessCode',
  'businessName',
  'implementationCode',
  'implementationName',
  'eventType',
];
const half = { xs: 24, md: 12 };

/**
 * 服务事项 of the entry form: 关联政务服务 是/否, and when 是 the government service item the entry
 * serves. Values live under `serviceMatter` of the form; the contract words every message.
 */
export function ServiceMatterFields() {
  const related = Form.useWatch(['serviceMatter', 'relatedGovernment']) === '1';
  const item = (field: Field, child: React.ReactNode) => (
    <Col {...half} key={field}>
      <Form.Item
        name={['serviceMatter', field]}
        label={L[field]}
        required={REQUIRED.includes(field)}
        dependencies={[['serviceMatter', 'relatedGovernment']]}
        rules={[matterRule(field)]}
      >
        {child}
      </Form.Item>
    </Col>
  );
  const text = (field: Field, placeholder: string, max: number) =>
    item(field, <Input placeholder={placeholder} maxLength={max} allowClear />);
  const pick = (field: Field, code: string) =>
    item(field, <DictSelect code={code} placeholder={`请选择${L[field]}`} />);

  return (
    <Row gutter={24}>
      <Col span={24}>
        <Form.Item name={['serviceMatter', 'relatedGovernment']} label={L.relatedGovernment}>
          <Radio.Group
            options={[
              { value: '1', label: '是' },
              { value: '0', label: '否' },
            ]}
          />
        </Form.Item>
      </Col>
      {related && [
        text('implementationCode', '如 11330100MB1234567X4000117001', 64),
        text('implementationName', '如 道路运输经营许可', 200),
        text('businessCode', '业务办理项编码', 64),
        text('businessName', '如 出租汽车经营许可（首次申请）', 200),
        pick('eventType', D.eventType),
        pick('eventLevel', D.eventLevel),
        text('directoryCode', '所属基本目录的事项编码', 64),
        text('itemData', '所属基本目录的事项名称', 200),
        pick('drivingLevel', D.drivingLevel),
        pick('resultType', D.resultType),
        pick('applicationScenario', D.applicationScenario),
        pick('applicationScenarioDescribe', D.applicationScenarioDescribe),
        item(
          'provideChannels',
          <DictSelect code={D.provideChannels} mode="multiple" placeholder={`请选择${L.provideChannels}`} />,
        ),
        item(
          'electronicLicense',
          <Radio.Group
            options={[
              { value: '1', label: '是' },
              { value: '0', label: '否' },
            ]}
          />,
        ),
      ]}
    </Row>
  );
}
