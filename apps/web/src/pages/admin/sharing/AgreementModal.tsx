import { Button, Modal, Typography } from 'antd';
import type { Agreement } from './agreements';

/** One agreement in full; 我已阅读 closes it. */
export function AgreementModal({ agreement, onClose }: { agreement: Agreement | null; onClose: () => void }) {
  return (
    <Modal
      open={agreement !== null}
      title={agreement ? `《${agreement.title}》` : ''}
      onCancel={onClose}
      width={720}
      footer={
        <Button type="primary" onClick={onClose}>
          我已阅读
        </Button>
      }
      styles={{ body: { maxHeight: '60vh', overflowY: 'auto' } }}
    >
      {agreement && (
        <Typography>
          {agreement.sections.map((section, i) => (
            // The sections are fixed text: their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
            <Typography.Paragraph key={i}>
              {section.heading && <Typography.Text strong>{section.heading}</Typography.Text>}
              {section.heading && ' '}
              {section.text}
            </Typography.Paragraph>
          ))}
        </Typography>
      )}
    </Modal>
  );
}
