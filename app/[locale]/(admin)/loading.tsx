import { LoadingScreen } from "@/components/admin/loading-screen";

export default function AdminLoading() {
  return <LoadingScreen />;
}
