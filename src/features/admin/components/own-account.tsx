import * as styles from './admin-console.css';

/**
 * The operator's own account: `email` is GET /api/admin/me's, compared in any case as the server
 * compares ADMIN_EMAILS. The server refuses to suspend it (contract section 16), so 회원 and 신고
 * offer no 정지 there and say why instead of failing after the operator confirmed.
 */
export const isOwnAccount = (email: string, operatorEmail: string) => email.toLowerCase() === operatorEmail.toLowerCase();

/** Where 정지 would be, on the operator's own row or card. */
export function OwnAccountNote() {
  return <span className={styles.muted}>본인 계정은 정지할 수 없어요.</span>;
}
