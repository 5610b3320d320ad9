import { forwardRef, useContext, useImperativeHandle, useLayoutEffect, useRef, type ForwardedRef, type ReactElement, type RefAttributes } from 'react';
import { Select, type RefSelectProps, type SelectProps } from 'antd';
import type { DefaultOptionType } from 'antd/es/select';
import DisabledContext from 'antd/es/config-provider/DisabledContext';

type Props = SelectProps & { 'aria-required'?: boolean | 'true' | 'false' };

/**
 * antd's Select for a field of a required Form.Item. Form.Item hands its control `aria-required`, which rc-select
 * puts on its search input (a combobox, where it belongs) and on its root `div` (no role: ARIA forbids it there,
 * axe's aria-allowed-attr). This keeps it on the input only.
 */
function FormSelectInner({ 'aria-required': required, ...props }: Props, ref: ForwardedRef<RefSelectProps>) {
  const inner = useRef<RefSelectProps>(null);
  // A disabled Select says so on its root too, so its pale texts count as an inactive control's (WCAG 1.4.3 exempts them).
  const formDisabled = useContext(DisabledContext);
  const disabled = props.disabled ?? formDisabled;
  useImperativeHandle(ref, () => inner.current!, []);
  useLayoutEffect(() => {
    const input = inner.current?.nativeElement?.querySelector('input');
    if (!input) return;
    if (required === true || required === 'true') input.setAttribute('aria-required', 'true');
    else input.removeAttribute('aria-required');
  });
  return <Select ref={inner} aria-disabled={disabled || undefined} {...props} />;
}

// forwardRef drops Select's type parameters; the component takes the same props.
export const FormSelect = forwardRef(FormSelectInner) as unknown as <V = unknown, O extends DefaultOptionType = DefaultOptionType>(
  props: SelectProps<V, O> & RefAttributes<RefSelectProps>,
) => ReactElement;
