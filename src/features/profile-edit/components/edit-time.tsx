import { useState } from 'react';
import type { Slot } from '../../../../contract/timetable';
import { TimetableGrid } from '../../../components/ui/timetable-grid';
import { useUpdateTimetable } from '../../../entities/member';
import { useEditableMe } from '../editable-me-query';
import { EditLayout, useEditSave } from './edit-layout';

/** /my/edit-time: the editable timetable, starting from the saved slots. */
export function EditTime() {
  const me = useEditableMe();
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const { save, layout } = useEditSave(me, useUpdateTimetable(), 'timetable');

  return (
    <EditLayout
      formId="edit-time"
      heading="런치챗이 가능한 시간을 알려 주세요"
      sub="칸을 누르거나 누른 채로 끌어서 여러 칸을 한 번에 바꿀 수 있어요."
      onSubmit={() => save(slots ?? me.data?.timeTables ?? [])}
      {...layout}
    >
      <TimetableGrid editable initialSlots={me.data?.timeTables} onChange={setSlots} label="런치챗 가능 시간" />
    </EditLayout>
  );
}
