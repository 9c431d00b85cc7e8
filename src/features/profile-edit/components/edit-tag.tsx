import { useState } from 'react';
import type { InterestCode } from '../../../../contract/interests';
import { TopicPicker } from '../../../components/ui/topic-picker';
import { useUpdateTags } from '../../../entities/member';
import { useEditableMe } from '../editable-me-query';
import { EditLayout, saveErrorText } from './edit-layout';

interface EditPageProps {
  onBack: () => void;
  onDone: () => void;
}

/** /my/edit-tag: 1 to 3 topics. */
export function EditTag({ onBack, onDone }: EditPageProps) {
  const me = useEditableMe();
  const [picked, setPicked] = useState<InterestCode[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateTags();
  const value = picked ?? me.data?.userInterests ?? [];

  const save = () => {
    if (value.length === 0) {
      setMessage('관심 주제를 1개 이상 골라 주세요.');
      return;
    }
    update.mutate(value, {
      onSuccess: onDone,
      onError: (error) => {
        console.error('tag update failed', error);
        setMessage(saveErrorText(error));
      },
    });
  };

  return (
    <EditLayout
      formId="edit-tag"
      heading="어떤 목적으로 런치챗을 하고 있나요?"
      sub="최대 3개까지 고를 수 있어요."
      onBack={onBack}
      onSubmit={save}
      saving={update.isPending}
      loading={me.isPending}
      error={me.isError}
      onRetry={() => void me.refetch()}
      message={message}
      onMessageClose={() => setMessage(null)}
    >
      <TopicPicker value={value} onChange={setPicked} label="런치챗을 하는 목적" />
    </EditLayout>
  );
}
