import { SERVICE_MATTER_DICT as D, SERVICE_MATTER_LABEL as L, type ServiceMatter } from '@odp/contracts/constants';
import type { ReactNode } from 'react';
import { useDictOptions } from '@/components/DictSelect/use-dict-options';
import { DictText } from '@/components/DictTag';

/** Several codes of one dictionary as their labels. */
function Labels({ code, values }: { code: string; values: readonly string[] }) {
  const items = useDictOptions(code);
  if (!values.length) return <>-</>;
  return <>{values.map((v) => items.find((i) => i.value === v)?.text ?? v).join('、')}</>;
}

const text = (value: string | null | undefined) => (value ? value : '-');

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-basic-pair">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * 服务事项 of a public entry: the government service item its data serves, with its 实施清单 and
 * 业务办理项. Shown under 基本信息 only when the entry is related to one.
 */
export function ServiceMatterBlock({ matter }: { matter: ServiceMatter }) {
  return (
    <section className="detail-service" aria-labelledby="detail-service-title">
      <h2 id="detail-service-title">服务事项</h2>
      <dl className="detail-basic">
        <Pair label={L.implementationName}>{text(matter.implementationName)}</Pair>
        <Pair label={L.implementationCode}>
          <span className="detail-service-code">{matter.implementationCode}</span>
        </Pair>
        <Pair label={L.businessName}>{text(matter.businessName)}</Pair>
        <Pair label={L.businessCode}>
          <span className="detail-service-code">{matter.businessCode}</span>
        </Pair>
        <Pair label={L.eventType}>
          <DictText code={D.eventType} value={matter.eventType} />
        </Pair>
        <Pair label={L.eventLevel}>
          <DictText code={D.eventLevel} value={matter.eventLevel} />
        </Pair>
        <Pair label={L.itemData}>{text(matter.itemData)}</Pair>
        <Pair label={L.directoryCode}>{text(matter.directoryCode)}</Pair>
        <Pair label={L.drivingLevel}>
          <DictText code={D.drivingLevel} value={matter.drivingLevel} />
        </Pair>
        <Pair label={L.resultType}>
          <DictText code={D.resultType} value={matter.resultType} />
        </Pair>
        <Pair label={L.applicationScenario}>
          <DictText code={D.applicationScenario} value={matter.applicationScenario} />
        </Pair>
        <Pair label={L.applicationScenarioDescribe}>
          <DictText code={D.applicationScenarioDescribe} value={matter.applicationScenarioDescribe} />
        </Pair>
        <Pair label={L.provideChannels}>
          <Labels code={D.provideChannels} values={matter.provideChannels} />
        </Pair>
        <Pair label={L.electronicLicense}>{matter.electronicLicense === '1' ? '是' : '否'}</Pair>
      </dl>
    </section>
  );
}
