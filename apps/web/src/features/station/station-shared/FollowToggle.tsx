import { Button, type ButtonProps } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { FollowRow } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '../../../components/antdParts/LazyPopups.tsx';
import { useFollowMutations, useFollows } from './api.ts';

/**
 * Follows or unfollows a plant or a collector, its star filled while followed. It reads the user's follows itself:
 * when they arrive or change, only the stars are drawn again, not the list or page around them.
 * `iconOnly`: a small star with the action as its tooltip (a table row); otherwise a button with the action written,
 * of size `size`.
 */
export function FollowToggle({
  kind,
  target,
  iconOnly = false,
  size,
  testId,
}: Pick<FollowRow, 'kind' | 'target'> & { iconOnly?: boolean; size?: ButtonProps['size']; testId?: string }) {
  const { t } = useTranslation();
  const follows = useFollows();
  const { follow, unfollow } = useFollowMutations();
  const isFollowed = (follows.data ?? []).some((f) => f.kind === kind && f.target === target);
  const action = t(isFollowed ? 'station.follow.remove' : 'station.follow.add');
  const icon = isFollowed ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />;
  const toggle = () => (isFollowed ? unfollow : follow).mutate({ kind, target });
  // Busy until the change is stored and the follows read again: a second click would send it twice.
  const loading = follow.isPending || unfollow.isPending;
  if (!iconOnly)
    return (
      <Button size={size} icon={icon} loading={loading} onClick={toggle} data-testid={testId}>
        {action}
      </Button>
    );
  return (
    <LazyTooltip title={action}>
      <Button
        type="text"
        size="small"
        aria-label={action}
        icon={icon}
        loading={loading}
        onClick={toggle}
        data-testid={testId}
      />
    </LazyTooltip>
  );
}
