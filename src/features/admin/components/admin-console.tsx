import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { FirstLoad } from '../../../components/ui/first-load';
import { useAdminMe } from '../../../entities/admin';
import { ApplicationsPanel } from './applications-panel';
import { AuditPanel } from './audit-panel';
import { MembersPanel } from './members-panel';
import { MentorEditor, type MentorPreviewRenderer } from './mentor-editor';
import { PlacesPanel } from './places-panel';
import { ReportsPanel } from './reports-panel';
import { StatsPanel } from './stats-panel';
import * as styles from './admin-console.css';

const ADMIN_TABS = ['mentor', 'applications', 'places', 'reports', 'members', 'audit', 'stats'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const TAB_LABELS: Record<AdminTab, string> = {
  mentor: '이달의 멘토',
  applications: '신청자',
  places: '장소',
  reports: '신고',
  members: '회원',
  audit: '기록',
  stats: '통계',
};

interface AdminConsoleProps {
  tab: AdminTab;
  onTab: (tab: AdminTab) => void;
  /** The student mentor page, composed in by the route (features do not import each other). */
  renderMentorPreview: MentorPreviewRenderer;
}

/** Contract section 16: the operator console at /admin. Shows itself only to operators. */
export function AdminConsole({ tab, onTab, renderMentorPreview }: AdminConsoleProps) {
  const me = useAdminMe();
  if (me.isPending) return <FirstLoad query={me} />;
  if (me.isError) {
    return (
      <Shell>
        <div className={styles.card} role="alert">
          <h2 className={styles.cardTitle}>운영자만 볼 수 있는 화면이에요.</h2>
          <p className={styles.muted}>운영자 계정으로 로그인했는지 확인해 주세요.</p>
          <Link to="/">홈으로 가기</Link>
        </div>
      </Shell>
    );
  }
  return (
    <Shell
      tabs={
        <div className={styles.tabs} role="tablist" aria-label="운영 메뉴">
          {ADMIN_TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`admin-tab-${t}`}
              aria-selected={tab === t}
              aria-controls="admin-panel"
              className={styles.tab}
              onClick={() => onTab(t)}
            >
              {TAB_LABELS[t]}
            </button>
          ))}
        </div>
      }
      operator={me.data.email}
    >
      <section id="admin-panel" role="tabpanel" aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'mentor' ? <MentorEditor renderPreview={renderMentorPreview} /> : null}
        {tab === 'applications' ? <ApplicationsPanel /> : null}
        {tab === 'places' ? <PlacesPanel /> : null}
        {tab === 'reports' ? <ReportsPanel operatorEmail={me.data.email} /> : null}
        {tab === 'members' ? <MembersPanel operatorEmail={me.data.email} /> : null}
        {tab === 'audit' ? <AuditPanel /> : null}
        {tab === 'stats' ? <StatsPanel /> : null}
      </section>
    </Shell>
  );
}

function Shell({ tabs, operator, children }: { tabs?: ReactNode; operator?: string; children: ReactNode }) {
  return (
    <div className={styles.root}>
      <header className={styles.topBar}>
        <h1 className={styles.title}>런치챗 운영</h1>
        {operator ? <span className={styles.muted}>{operator}</span> : null}
        {tabs}
      </header>
      <div className={styles.body}>{children}</div>
    </div>
  );
}
