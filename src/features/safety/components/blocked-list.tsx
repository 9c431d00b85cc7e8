import { onlineManager } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { MyIcon } from '../../../components/ui/icons';
import { FirstLoad } from '../../../components/ui/first-load';
import { useBlocks, useUnblockMember } from '../../../entities/block';
import { showToast } from '../../../lib/toast';
import * as styles from './blocked-list.css';
import { useLogError } from '../../../lib/use-log-error';

/** "2025. 3. 7." in Korean time. */
function blockedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('ko-KR', { timeZone: 'Asia/Seoul' });
}

/** 마이페이지 → 차단 목록: the members the user blocked, each with 차단 해제. */
export function BlockedList() {
  const blocks = useBlocks();
  const unblock = useUnblockMember();
  useLogError('the block list', blocks.error);

  if (blocks.isPending) return <FirstLoad query={blocks} />;
  return (
    <section className={styles.root} aria-label="차단 목록">
      <p className={styles.lead}>차단한 회원과는 서로 추천·검색에 보이지 않고, 요청과 채팅을 주고받을 수 없어요.</p>
      {blocks.isError && !blocks.data ? (
        <p className={styles.error} role="alert">
          차단 목록을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.
        </p>
      ) : null}
      {blocks.data && blocks.data.length === 0 ? <EmptyState icon={<MyIcon size={40} />} title="차단한 회원이 없어요" /> : null}
      {blocks.data && blocks.data.length > 0 ? (
        <ul className={styles.list}>
          {blocks.data.map((member) => (
            <li key={member.memberId} className={styles.row}>
              <span className={styles.texts}>
                <span className={styles.name}>{member.memberName || '알 수 없는 사용자'}</span>
                <span className={styles.date}>{blockedDate(member.blockedAt)} 차단</span>
              </span>
              <Button
                variant="secondary"
                size="md"
                disabled={unblock.isPending && unblock.variables === member.memberId}
                aria-label={`${member.memberName} 차단 해제`}
                onClick={() => {
                  if (!onlineManager.isOnline()) {
                    // Paused and persisted (entities/block): it goes out when the network is back, after a reload too.
                    unblock.mutate(member.memberId);
                    showToast('오프라인이에요', `연결되면 ${member.memberName}님의 차단을 해제할게요.`);
                    return;
                  }
                  unblock.mutate(member.memberId, {
                    onSuccess: () => showToast('차단을 해제했어요', `${member.memberName}님이 다시 추천과 검색에 보일 수 있어요.`),
                    onError: (error) => {
                      console.error('unblock failed', error);
                      showToast('차단을 해제하지 못했어요', '잠시 후 다시 시도해 주세요.');
                    },
                  });
                }}
              >
                차단 해제
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
