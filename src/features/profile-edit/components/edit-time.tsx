import { useState } from 'react';
import type { Slot } from '../../../../contract/timetable';
import { TIMETABLE_EMPTY_MESSAGE } from '../../../../contract/timetable-values';
import { TimetableGrid } from '../../../components/ui/timetable-grid';
import { useUpdateTimetable } from '../../../entities/member';
import { useEditableMe } from '../editable-me-query';
import { sameTimetable } from '../unchanged';
import { EditLayout, useEditSave } from './edit-layout';

/** /my/edit-time: the editable timetable, starting from the saved slots. */
export function EditTime() {
  const me = useEditableMe();
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const loaded = me.data?.timeTables ?? [];
  const value = slots ?? loaded;
  const { save, setMessage, layout } = useEditSave(me, useUpdateTimetable(), 'timetable', !sameTimetable(value, loaded));

  // The server refuses an empty timetable (contract section 3): say so here, without a request.
  const submit = () => {
    if (value.length === 0) setMessage(TIMETABLE_EMPTY_MESSAGE);
    else save(value);
  };

  return (
    <EditLayout
      formId="edit-time"
      heading="런치챗이 가능한 시간을 알려 주세요"
      sub="칸을 누르거나 누른 채로 끌어서 여러 칸을 한 번에 바꿀 수 있어요."
      onSubmit={submit}
      {...layout}
    >
      <TimetableGrid editable initialSlots={me.data?.timeTables} onChange={setSlots} label="런치챗 가능 시간" />
    </EditLayout>
  );
}
