import { ConfirmDialog } from '../../../components/ui/modal';
import { useLeaveChatRoom } from '../../../entities/chat-room';

interface LeaveRoomDialogProps {
  /** The room to leave; null: closed. */
  roomId: number | null;
  onClose(): void;
  /** Confirmed: the leave is on its way (the room itself goes back to the list). */
  onLeaving?(): void;
}

/** 채팅방을 나갈까요?: the one confirmation for leaving, from the chat list and from the room's ⋯ menu. */
export function LeaveRoomDialog({ roomId, onClose, onLeaving }: LeaveRoomDialogProps) {
  const leave = useLeaveChatRoom();
  return (
    <ConfirmDialog
      open={roomId !== null}
      onClose={onClose}
      title="채팅방을 나갈까요?"
      text="나가면 대화 내용을 복구할 수 없어요"
      confirmLabel="나가기"
      onConfirm={() => {
        if (roomId === null) return;
        leave.mutate(roomId);
        onLeaving?.();
      }}
    />
  );
}
