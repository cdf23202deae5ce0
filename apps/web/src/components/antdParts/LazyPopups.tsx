import {
  type ComponentProps,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  cloneElement,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { Popconfirm, Tooltip } from 'antd';

/**
 * Ant Design's Tooltip and Popconfirm built when the pointer or the keyboard focus first reaches their button, not
 * with the row that holds them: each one is a trigger with its own state, observers and portal, and a table with
 * several a row paid for all of them before its first rows showed, though a user points at one at most. Built on
 * approach rather than on the click itself, the button is in place before it is pressed, and the popup opens as it
 * always did; a confirmation whose button is clicked before either (assistive technology) is built open.
 */

type ButtonChild = ReactElement<{
  onClick?: (e: MouseEvent) => void;
  onMouseEnter?: (e: MouseEvent) => void;
  onFocus?: (e: FocusEvent) => void;
  autoFocus?: boolean;
}>;

/**
 * How the button was first reached: by the pointer, by the focus, or by a click that came with neither (assistive
 * technology, a screen reader's browse mode or voice control, activates a button with a click alone).
 */
type Approach = 'pointer' | 'focus' | 'click';

/**
 * The button alone until first reached, then `build(button, approach)`. The button is drawn anew inside the popup's
 * trigger; if it had the focus, it takes it back, so the user stays where they were. With `buildOnClick`, a click
 * on the button alone builds the popup too (a popup the click opens: the click itself found no popup to open).
 */
function useBuiltOnApproach(
  children: ButtonChild,
  build: (button: ButtonChild, by: Approach) => ReactNode,
  { buildOnClick = false } = {},
) {
  const [reached, setReached] = useState<{ by: Approach; focused: boolean }>();
  if (reached)
    return build(reached.focused ? cloneElement(children, { autoFocus: true }) : children, reached.by);
  return cloneElement(children, {
    onMouseEnter: (e: MouseEvent) => {
      children.props.onMouseEnter?.(e);
      // At once, not at React's next render: a tap (or a quick click) sends its press right after the pointer
      // enters, and a press begun on this button and ended on its new one would click neither.
      flushSync(() => setReached({ by: 'pointer', focused: false }));
    },
    onFocus: (e: FocusEvent) => {
      children.props.onFocus?.(e);
      setReached({ by: 'focus', focused: true });
    },
    ...(buildOnClick && {
      onClick: (e: MouseEvent) => {
        children.props.onClick?.(e);
        setReached({ by: 'click', focused: e.currentTarget === document.activeElement });
      },
    }),
  });
}

/** A Tooltip (opened on hover), already open when the pointer built it. */
export function LazyTooltip({
  title,
  open,
  children,
}: {
  title: ReactNode;
  /** `false` keeps it closed (e.g. while a dialog is open); otherwise it opens on hover. */
  open?: false;
  children: ButtonChild;
}) {
  return useBuiltOnApproach(children, (button, by) => (
    <Tooltip title={title} open={open} defaultOpen={by === 'pointer'}>
      {button}
    </Tooltip>
  ));
}

/** A Popconfirm (opened by a click on its button), already open when a click built it. */
export function LazyPopconfirm({
  children,
  ...confirm
}: Omit<ComponentProps<typeof Popconfirm>, 'children'> & { children: ButtonChild }) {
  return useBuiltOnApproach(
    children,
    (button, by) => (
      <Popconfirm {...confirm} defaultOpen={confirm.defaultOpen || by === 'click'}>
        {button}
      </Popconfirm>
    ),
    { buildOnClick: true },
  );
}
