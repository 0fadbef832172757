using CloudMpi.Transports;
using CloudMpi.Transports.InProc;

namespace CloudMpi.Tests.Contract;

public class InProcContractTests : TransportContract
{
    internal override IReadOnlyList<ITransport> CreateTransports(IMessageSink[] mailboxes) => [new InProcTransport(mailboxes)];
}
