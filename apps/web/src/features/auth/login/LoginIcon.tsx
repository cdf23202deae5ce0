import { createElement, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

/** An SVG element of an icon definition, its attributes as React takes them. */
function node(n: AbstractNode, key?: number): ReactNode {
  return createElement(n.tag, { key, ...n.attrs }, n.children?.map(node));
}

/**
 * One of Ant Design's icons (its SVG definition) drawn as Ant Design draws it (`span.anticon` round the SVG, the
 * loading icon spinning; their styles in auth.css), without the icon package's runtime: its context, its style
 * insertion and its colour code are not downloaded by the sign-in page.
 */
export function LoginIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const svg = icon.icon as AbstractNode;
  const spin = icon.name === 'loading' ? ' anticon-spin' : '';
  return (
    <span
      role="img"
      aria-label={icon.name}
      className={`anticon anticon-${icon.name}${spin}${className ? ` ${className}` : ''}`}
    >
      {createElement(
        'svg',
        {
          ...svg.attrs,
          'data-icon': icon.name,
          width: '1em',
          height: '1em',
          fill: 'currentColor',
          'aria-hidden': 'true',
        },
        svg.children?.map(node),
      )}
    </span>
  );
}
