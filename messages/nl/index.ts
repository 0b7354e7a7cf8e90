import account from "./account.json";
import admin from "./admin.json";
import auth from "./auth.json";
import common from "./common.json";
import errors from "./errors.json";
import home from "./home.json";
import panel from "./panel.json";

const messages = { account, admin, auth, common, errors, home, panel };
export default messages;
