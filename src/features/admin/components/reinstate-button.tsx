import { Button } from '../../../components/ui/button';
import { useReinstateMember } from '../../../entities/admin';
import { ApiError } from '../../../lib/http';
import { useSingleFlight } from '../../../lib/use-single-flight';

/**
 * 정지 해제 of one member (the reports' suspended list and the 회원 search). A double click sends
 * one request: a second would answer 404 over the first's success. The outcome goes to the
 * panel's status line, since the row itself may leave the list.
 */
export function ReinstateButton({ member, onNotice }: { member: { memberId: number; memberName: string | null }; onNotice: (notice: string) => void }) {
  const reinstate = useReinstateMember();
  const { run, running } = useSingleFlight();
  const name = member.memberName ?? '회원';
  return (
    <Button
      size="md"
      variant="secondary"
      disabled={running}
      aria-label={`${name}님 정지 해제`}
      onClick={() =>
        void run(async () => {
          try {
            await reinstate.mutateAsync(member.memberId);
            onNotice(`${name}님의 정지를 해제했어요.`);
          } catch (error) {
            onNotice(error instanceof ApiError ? error.message : '정지를 해제하지 못했어요.');
          }
        })
      }
    >
      정지 해제
    </Button>
  );
}
