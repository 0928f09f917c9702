import { cleanup, screen } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, stubAntdDom } from './render';

beforeAll(stubAntdDom);
afterEach(cleanup);

describe('renderWithProviders', () => {
  it('keeps what antd hides with its style sheet out of the role queries', () => {
    // A hidden form item carries no inline style: only antd's `.ant-form-item-hidden { display: none }` hides it.
    renderWithProviders(
      <Form>
        <Form.Item>
          <Button>看得见</Button>
        </Form.Item>
        <Form.Item hidden>
          <Button>看不见</Button>
        </Form.Item>
      </Form>,
    );
    expect(screen.getByRole('button', { name: '看得见' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '看不见' })).toBeNull();
    expect(screen.getByRole('button', { name: '看不见', hidden: true })).toBeTruthy();
  });

  it('leaves out the declarations no test reads', () => {
    renderWithProviders(<Button type="primary">主要</Button>);
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(/display:\s*none/);
    expect(css).not.toMatch(/background|color:|padding/);
  });
});
