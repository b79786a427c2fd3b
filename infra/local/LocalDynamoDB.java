// Starts DynamoDB Local (its own command-line options) listening on 127.0.0.1 only: the jar has no
// host option and Jetty would otherwise listen on every interface. Run with Java's source launcher.
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LocalDynamoDB {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector c : server.getConnectors()) ((ServerConnector) c).setHost("127.0.0.1");
    proxy.start();
    proxy.join();
  }
}
