import { useState } from 'react';
import type { InterestCode } from '../../../../contract/interests';
import { TopicPicker } from '../../../components/ui/topic-picker';
import { useUpdateTags } from '../../../entities/member';
import { useEditableMe } from '../editable-me-query';
import { sameTopics } from '../unchanged';
import { EditLayout, useEditSave } from './edit-layout';

/** /my/edit-tag: 1 to 3 topics. */
export function EditTag() {
  const me = useEditableMe();
  const [picked, setPicked] = useState<InterestCode[] | null>(null);
  const loaded = me.data?.userInterests ?? [];
  const value = picked ?? loaded;
  const { save, setMessage, layout } = useEditSave(me, useUpdateTags(), 'tag', !sameTopics(value, loaded));

  const submit = () => {
    if (value.length === 0) setMessage('관심 주제를 1개 이상 골라 주세요.');
    else save(value);
  };

  return (
    <EditLayout formId="edit-tag" heading="어떤 목적으로 런치챗을 하고 있나요?" sub="최대 3개까지 고를 수 있어요." onSubmit={submit} {...layout}>
      <TopicPicker value={value} onChange={setPicked} label="런치챗을 하는 목적" />
    </EditLayout>
  );
}
