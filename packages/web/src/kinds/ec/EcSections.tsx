import { useState } from 'react';
import type { DetailPartProps } from '../../records/kind';
import type { Step } from '../../records/ReportSteps';
import type { EcKindTypes } from './ecKind';
import { useEcTexts } from './useEcTexts';
import { PriceHistory } from './PriceHistory';
import { CategorizeSection, ReportSection, ResponseSection } from './RecordSections';
import { RecordTabs } from './RecordTabs';

/** The EC detail's side (document 3, section 2): the scraped info and the screenshot evidence, in tabs, then
 * the listing's price history (when price monitoring read one). */
export function EcFacts({ record, clientId, analyst, lookups, setRecord }: DetailPartProps<EcKindTypes>) {
  const texts = useEcTexts();
  const onEvidence = (names: string) => setRecord({ ...record, ec_upload_image_names: names });
  return (
    <>
      <RecordTabs record={record} clientId={clientId} analyst={analyst} lookups={lookups} texts={texts} onEvidence={onEvidence} />
      <PriceHistory clientId={clientId} recordId={record.ec_id} />
    </>
  );
}

/** The EC detail's form (document 3, section 2): the categorized info, the client's response and the report info. */
export function EcSections({ record, analyst, lookups }: DetailPartProps<EcKindTypes>) {
  const [step, setStep] = useState<Step>(1);
  return (
    <>
      <CategorizeSection analyst={analyst} lookups={lookups} />
      <ResponseSection analyst={analyst} lookups={lookups} />
      <ReportSection analyst={analyst} lookups={lookups} step={step} onStep={setStep} record={record} />
    </>
  );
}
