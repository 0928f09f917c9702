import type { CheckRuleRecord } from '@odp/contracts';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { checkByRuleCode } from '@/api/system/check-rule';

type Outcome = { ok: boolean; message: string; value: string };

/** 测试: checks a sample value against the stored rule through the same endpoint forms use. */
export function CheckRuleTester({ rule }: { rule: CheckRuleRecord }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    setChecking(true);
    try {
      await checkByRuleCode(rule.ruleCode, value);
      setOutcome({ ok: true, message: '校验通过', value });
    } catch (e) {
      setOutcome({ ok: false, message: (e as Error).message, value });
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>测试</Typography.Link>
      <Modal
        title={`测试校验规则：${rule.ruleName}`}
        open={open}
        footer={null}
        destroyOnClose
        onCancel={() => {
          setOpen(false);
          setOutcome(null);
          setValue('');
        }}
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">输入一个示例值，按已保存的规则「{rule.ruleCode}」校验。</Typography.Text>
          <Input.Search
            aria-label="示例值"
            placeholder="请输入要校验的值"
            enterButton={
              <Button type="primary" loading={checking}>
                校验
              </Button>
            }
            maxLength={500}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onSearch={() => void run()}
          />
          {outcome && (
            <Alert
              type={outcome.ok ? 'success' : 'error'}
              showIcon
              message={outcome.message}
              description={`校验值：${outcome.value === '' ? '（空）' : outcome.value}`}
            />
          )}
        </Flex>
      </Modal>
    </>
  );
}
