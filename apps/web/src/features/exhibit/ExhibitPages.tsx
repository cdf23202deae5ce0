import { QueryClientProvider } from '@tanstack/react-query';
import { Button } from 'antd';
import { ArrowLeftOutlined, LinkOutlined } from '@ant-design/icons';
import { type ComponentType, type ReactNode, useState } from 'react';
import { ROLE, type ExhibitScreen } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { queryClient } from '../../api/queryClient.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { useUserStore } from '../../store/userStore.ts';
import { type WallAuth, type WallData, WallAuthContext, useWall } from './api.ts';
import { DisplayLinksDrawer } from './DisplayLinksDrawer.tsx';
import { WallFrame } from './WallFrame.tsx';
import { EquipmentScreen } from './screens/EquipmentScreen.tsx';
import { OperationScreen } from './screens/OperationScreen.tsx';
import { OverviewScreen } from './screens/OverviewScreen.tsx';
import { StationScreen } from './screens/StationScreen.tsx';
import { STATION_OPTION_PARAMS } from './screens/stationRotation.ts';
import { DISPLAY_PREFIX, pathOf } from '../../router/paths.ts';

const SCREENS: { [S in ExhibitScreen]: ComponentType<{ data: WallData[S] }> } = {
  overview: OverviewScreen,
  station: StationScreen,
  equipment: EquipmentScreen,
  operation: OperationScreen,
};

/** One wall screen with its data, live by push; a refused display link shows why instead. */
function Wall<S extends ExhibitScreen>({
  screen,
  auth,
  hrefOf,
  actions,
}: {
  screen: S;
  auth: WallAuth;
  hrefOf: (screen: ExhibitScreen) => string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const wall = useWall(screen, auth);
  if (wall.refused)
    return (
      <div className="wall-refused" data-testid="wall-refused">
        {t('exhibit.refused')}
      </div>
    );
  const Screen = SCREENS[screen] as ComponentType<{ data: WallData[S] }>;
  return (
    <WallAuthContext value={auth}>
      <WallFrame screen={screen} hrefOf={hrefOf} asOf={wall.data?.asOf} actions={actions}>
        <QueryState
          isLoading={wall.isLoading}
          error={wall.error}
          isEmpty={!wall.data}
          onRetry={() => void wall.refetch()}
        >
          {wall.data ? <Screen data={wall.data} /> : null}
        </QueryState>
      </WallFrame>
    </WallAuthContext>
  );
}

/**
 * The wall's own choices in the address (the station's plant and interval) as query parameters, so that moving to
 * another screen and back keeps them.
 */
function useKeptOptions(): URLSearchParams {
  const [search] = useSearchParams();
  const kept = new URLSearchParams();
  for (const name of STATION_OPTION_PARAMS) {
    const value = search.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept;
}

const withQuery = (path: string, query: URLSearchParams) => {
  const q = query.toString();
  return q ? `${path}?${q}` : path;
};

/** The signed-in console's wall (top bar's exhibit icon): the user's own plants, back to the console in one click. */
function ConsoleWall({ screen }: { screen: ExhibitScreen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kept = useKeptOptions();
  const isAdmin = useUserStore((s) => s.info?.roleId === ROLE.admin);
  const [linksOpen, setLinksOpen] = useState(false);
  return (
    <QueryClientProvider client={queryClient}>
      <Wall
        screen={screen}
        auth={null}
        hrefOf={(s) => withQuery(pathOf(s), kept)}
        actions={
          <>
            {isAdmin ? (
              <Button
                icon={<LinkOutlined />}
                onClick={() => setLinksOpen(true)}
                data-testid="wall-links"
                ghost
              >
                {t('exhibit.links.open')}
              </Button>
            ) : null}
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(pathOf('dashboard'))} ghost>
              {t('exhibit.back')}
            </Button>
          </>
        }
      />
      {isAdmin ? <DisplayLinksDrawer open={linksOpen} onClose={() => setLinksOpen(false)} /> : null}
    </QueryClientProvider>
  );
}

export const OverviewPage = () => <ConsoleWall screen="overview" />;
export const StationPage = () => <ConsoleWall screen="station" />;
export const EquipmentPage = () => <ConsoleWall screen="equipment" />;
export const OperationPage = () => <ConsoleWall screen="operation" />;

const isScreen = (s: string | null): s is ExhibitScreen =>
  s === 'overview' || s === 'station' || s === 'equipment' || s === 'operation';

/**
 * A wall opened by a display link (`/display/<token>?screen=`): no sign-in, the link's account's plants, read-only
 * (decision 0013).
 */
export function DisplayWallPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const kept = useKeptOptions();
  const asked = search.get('screen');
  const screen = isScreen(asked) ? asked : 'overview';
  return (
    // Outside the console's layout, so the wall brings the query client the layout would have provided.
    <QueryClientProvider client={queryClient}>
      <Wall
        key={screen}
        screen={screen}
        auth={{ display: token }}
        hrefOf={(s) =>
          withQuery(
            `${DISPLAY_PREFIX}${encodeURIComponent(token)}`,
            new URLSearchParams([['screen', s], ...kept.entries()]),
          )
        }
      />
    </QueryClientProvider>
  );
}
