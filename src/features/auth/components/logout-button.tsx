import { Button } from '../../../components/ui/button';
import { useLogout } from '../hooks/use-logout';

export function LogoutButton() {
  const logout = useLogout();
  return (
    <Button variant="secondary" block disabled={logout.isPending} onClick={() => logout.mutate()}>
      {logout.isPending ? '로그아웃하는 중이에요' : '로그아웃'}
    </Button>
  );
}
