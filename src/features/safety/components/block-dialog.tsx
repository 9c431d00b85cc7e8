import { onlineManager } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useBlockMember } from '../../../entities/block';
import { showToast } from '../../../lib/toast';
import * as styles from './safety-sheet.css';

export interface BlockTarget {
  memberId: number;
  name: string;
}

interface BlockDialogProps {
  /** null: closed. */
  target: BlockTarget | null;
  onClose: () => void;
  /** After the server confirmed: e.g. leave the profile or the room. */
  onBlocked?: (memberId: number) => void;
}

/** 차단하기, confirmed first; the blocked member is never told. */
export function BlockDialog({ target, onClose, onBlocked }: BlockDialogProps) {
  const block = useBlockMember();
  const confirm = () => {
    if (!target) return;
    if (!onlineManager.isOnline()) {
      // Paused and persisted: it goes out when the network is back (after a reload too).
      block.mutate(target.memberId);
      onClose();
      showToast('오프라인이에요', `연결되면 ${target.name}님을 차단할게요.`);
      return;
    }
    block.mutate(target.memberId, {
      onSuccess: () => {
        showToast('차단했어요', `${target.name}님은 더 이상 보이지 않아요. 마이페이지 → 차단 목록에서 해제할 수 있어요.`);
        onClose();
        onBlocked?.(target.memberId);
      },
      onError: (error) => {
        console.error('block failed', error);
        showToast('차단하지 못했어요', '잠시 후 다시 시도해 주세요.');
      },
    });
  };
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target ? `${target.name}님을 차단할까요?` : undefined}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} className={styles.dialogAction}>
            취소
          </Button>
          <Button onClick={confirm} disabled={block.isPending} className={styles.dialogAction}>
            차단하기
          </Button>
        </>
      }
    >
      서로의 추천과 검색에 보이지 않고, 주고받은 요청과 채팅방, 잡아 둔 약속도 사라져요. 상대에게는 알리지 않아요.
    </Modal>
  );
}
