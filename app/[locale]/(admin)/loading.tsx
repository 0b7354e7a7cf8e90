import { LoadingScreen } from "@/components/admin/shell/loading-screen";

export default function AdminLoading() {
  return <LoadingScreen />;
}
