import { toast } from '@/lib/toast';
import { copy } from '@shop/shared/copy';
import { ListSearch, useListSearch } from '@/components/ui/list-search';
import { PagedList } from '@/components/ui/paged-list';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { DataTable, type Column } from '@/components/ui/data-table';
import { usePageTitle } from '@/components/ui/use-page-title';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/domain/user';
import { useMakeAdmin } from '../api/make-admin';
import { useUsers } from '../api/get-users';

/** /dashboard/all-users (admin): every account, with Make admin for those not yet admin. */
export function MakeAdminPage() {
  usePageTitle('Make Admin');
  const q = useListSearch();
  const users = useUsers(q);
  const promote = useMakeAdmin();

  // mutateAsync, not mutate: each click gets its own answer even when another is still running.
  const onMakeAdmin = async (email: string) => {
    try {
      const { modifiedCount } = await promote.mutateAsync(email);
      if (modifiedCount) toast.success(copy.madeAdmin);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 403 ? copy.makeAdminFailed : errorMessage(error),
      );
    }
  };

  const columns: Column<User>[] = [
    { header: 'Email', cell: (user) => <BreakableEmail email={user.email} />, card: 'title' },
    {
      header: 'Role',
      hideHeader: true,
      card: 'actions',
      cell: (user) =>
        user.role === 'admin' ? (
          <span className="badge badge-neutral">Admin</span>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={promote.isPending && promote.variables === user.email}
            onClick={() => void onMakeAdmin(user.email)}
          >
            Make admin
          </button>
        ),
    },
  ];

  return (
    <section aria-labelledby="make-admin-heading">
      <h2 id="make-admin-heading" className="mb-4 text-xl font-semibold">
        Make Admin
      </h2>
      {/* Never empty in practice: the admin reading it has an account too. */}
      <ListSearch id="users-search" label="Search by name or e-mail" />
      <PagedList
        query={users}
        loadingLabel="Loading users"
        empty={<p>{q ? 'No accounts match this search.' : 'No accounts yet.'}</p>}
      >
        {(items) => <DataTable label="Users" columns={columns} rows={items} rowKey={(user) => user.id} />}
      </PagedList>
    </section>
  );
}
