import { DrawerForm, ModalForm } from '@ant-design/pro-components';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { blamedField, isApiError, unreportedMessage } from './errors';
import type { FormMode, ResourceForm, ResourceView } from './types';

/** Which record the form is for; `open` goes false first so the closing animation can run. */
export type Editing<Item> = { mode: FormMode; record?: Item; open: boolean };

type Job = { run: () => Promise<unknown>; success: string };

type Props<Item, Create, Update, Values> = {
  view: ResourceView<Item, Create, Update, Values>;
  form: ResourceForm<Item, Create, Update, Values>;
  editing: Editing<Item>;
  onClose: () => void;
  afterClose: () => void;
  /** Runs the change through the page's mutation (success message, invalidation); rejects on failure. */
  submit: (job: Job) => Promise<unknown>;
};

/**
 * The add/edit form of a resource. It is mounted per opening (the page renders it only while
 * `editing` is set), so every opening starts from clean values without `destroyOnClose` tricks.
 */
export function ResourceFormDialog<Item, Create, Update, Values extends object>({
  view,
  form,
  editing,
  onClose,
  afterClose,
  submit,
}: Props<Item, Create, Update, Values>) {
  const { message } = feedback;
  // An untyped instance: the field a server error names is only known at run time.
  const [formInstance] = Form.useForm();
  const { mode, record, open } = editing;
  const gate = form.gate;
  const [passed, setPassed] = useState(false);
  const [checking, setChecking] = useState(false);

  const runGate = async () => {
    if (!gate) return;
    let values: Values;
    try {
      values = (await formInstance.validateFields()) as Values;
    } catch {
      return;
    }
    setChecking(true);
    try {
      message.success(await gate.run(values, record));
      setPassed(true);
    } catch (error) {
      setPassed(false);
      const field = blamedField(error);
      if (field && isApiError(error)) formInstance.setFields([{ name: field, errors: [error.message] }]);
      else if (!isApiError(error)) message.error(unreportedMessage(error));
    } finally {
      setChecking(false);
    }
  };

  const save = (values: Values): Job | null => {
    const { create, update } = view.api;
    if (mode === 'create' && create) {
      const input = form.toCreate(values);
      return { run: () => create(input), success: '新增成功' };
    }
    if (mode === 'edit' && record && update) {
      const input = form.toUpdate(values, record);
      return { run: () => update(input), success: '修改成功' };
    }
    return null;
  };

  const onFinish = async (values: Values) => {
    try {
      const job = save(values);
      if (job) await submit(job);
      return true;
    } catch (error) {
      const field = blamedField(error);
      if (field && isApiError(error)) {
        // The client has shown the notice; also mark the field so the user sees where to fix it.
        formInstance.setFields([{ name: field, errors: [error.message] }]);
      } else if (!isApiError(error)) {
        message.error(unreportedMessage(error));
      }
      return false;
    }
  };

  const common = {
    // A form name prefixes the inputs' ids, which would otherwise clash with the search form's.
    name: 'resource-form',
    title: `${mode === 'create' ? '新增' : '编辑'}${view.noun}`,
    open,
    form: formInstance,
    width: form.width ?? 800,
    layout: 'horizontal' as const,
    labelCol: { flex: '110px' },
    wrapperCol: { flex: 'auto' },
    onOpenChange: (next: boolean) => {
      if (!next) onClose();
    },
    onFinish,
    ...(gate
      ? {
          onValuesChange: () => setPassed(false),
          submitter: {
            render: (props: { submit: () => void; reset: () => void }) => [
              <Button key="cancel" onClick={onClose}>
                取消
              </Button>,
              <Button key="gate" loading={checking} onClick={runGate}>
                {gate.label}
              </Button>,
              <Button
                key="submit"
                type="primary"
                disabled={!passed}
                title={passed ? undefined : `请先${gate.label}成功`}
                onClick={() => props.submit()}
              >
                确定
              </Button>,
            ],
          },
        }
      : {}),
    ...(record ? { request: async () => form.toValues(record) } : { initialValues: form.initialValues }),
  };
  const fields = form.fields({ mode, record });

  if (form.container === 'drawer') {
    return (
      <DrawerForm<Values>
        {...common}
        drawerProps={{ maskClosable: false, afterOpenChange: (visible) => visible || afterClose() }}
      >
        {fields}
      </DrawerForm>
    );
  }
  return (
    <ModalForm<Values> {...common} modalProps={{ maskClosable: false, afterClose }}>
      {fields}
    </ModalForm>
  );
}
