import { useMemo, useState } from 'react';
import { Card, Descriptions, Form, Input, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { USER_CALLS } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../api/callEndpoint.ts';
import { useUserStore } from '../../../store/userStore.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import '../../../components/list/list.css';
import { menuTreeNodes, type MenuTreeNode } from '../../../components/menuTree.ts';
import '../../../components/menuTree.css';

interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

/** `/permission/page`: a user's effective permissions, the menu tree its role opens (administrators only). */
export function PagePermissionPage() {
  const { t } = useTranslation();
  const own = useUserStore((s) => s.info?.userCode ?? '');
  const [userCode, setUserCode] = useState(own);
  const query = useQuery({
    queryKey: ['permission', 'user', userCode],
    enabled: Boolean(userCode),
    queryFn: () => callEndpoint(USER_CALLS.permissions, { query: { userCode } }),
  });
  const granted = new Set(query.data?.menuList ?? []);
  const prune = (nodes: MenuTreeNode[]): TreeNode[] =>
    nodes.flatMap((n) => {
      if (!n.children) return granted.has(n.key) ? [{ key: n.key, title: t(n.title) }] : [];
      const children = prune(n.children);
      return children.length ? [{ key: n.key, title: t(n.title), children }] : [];
    });
  const tree = useMemo(() => prune(menuTreeNodes()), [query.data, t]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="app-container list-page-single" data-testid="page-PagePermission">
      <Card>
        <SearchForm<{ userCode?: string }>
          onSearch={({ userCode: code }) => setUserCode(code?.trim() || own)}
        >
          <Form.Item name="userCode" label={t('set.accounts.userCode')}>
            <Input data-testid="perm-userCode" />
          </Form.Item>
        </SearchForm>
        <QueryState
          look="spinner"
          isLoading={query.isLoading}
          error={query.error}
          isEmpty={!query.data}
          onRetry={() => void query.refetch()}
        >
          {query.data && (
            <>
              <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
                <Descriptions.Item label={t('set.accounts.userCode')}>
                  {query.data.userCode}
                </Descriptions.Item>
                <Descriptions.Item label={t('set.accounts.role')}>{query.data.roleName}</Descriptions.Item>
                <Descriptions.Item label={t('permission.count')}>
                  {query.data.menuList.length}
                </Descriptions.Item>
              </Descriptions>
              <div className="role-tree" data-testid="effective-tree">
                <Tree key={query.data.userCode} defaultExpandAll selectable={false} treeData={tree} />
              </div>
            </>
          )}
        </QueryState>
      </Card>
    </div>
  );
}
