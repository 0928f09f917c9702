import { QuestionnairePanel } from './QuestionnairePanel';

/** `/communication/questionnaire`: the 调查问卷 section on a page of its own. */
export default function QuestionnaireListPage() {
  return (
    <div className="portal-section qn-page">
      <QuestionnairePanel headingLevel={1} />
    </div>
  );
}
