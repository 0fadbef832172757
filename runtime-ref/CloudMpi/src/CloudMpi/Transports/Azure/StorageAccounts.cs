namespace CloudMpi.Transports.Azure;

/// <summary>
/// The storage accounts a job's azure transport spreads its requests over (<c>--azure-accounts</c>; one account
/// unless given several), so that no account carries the whole request rate (one account serves about 20,000 requests
/// a second, docs/scale.md). The rule, the same in every rank of a job (each is given the accounts in the same order):
/// <list type="bullet">
/// <item>rank r's queues (all its communicators) are on account <c>r mod k</c> (<see cref="ForRank"/>): its own
/// receive loop polls and deletes there, its senders put there;</item>
/// <item>a message too large for a queue goes to a blob in the receiver's account (the container of the job exists in
/// every account), so the sender's upload and the receiver's download go where the receiver's queue is;</item>
/// <item>the job's table (table barriers, the <c>--join</c> registry) and collected output are on account 0
/// (<see cref="Home"/>).</item>
/// </list>
/// Every account's clients count their requests into one <see cref="RequestTally"/>, each under its account's index,
/// and share one <see cref="StorageActivity"/> (the deadlock detectors see an operation on any account).
/// </summary>
internal sealed class StorageAccounts : IDisposable
{
    private readonly StorageClients[] accounts;

    public StorageAccounts(IReadOnlyList<StorageClients> accounts)
    {
        if (accounts.Count == 0) throw new ArgumentException("at least one storage account", nameof(accounts));
        this.accounts = [.. accounts];
    }

    /// <summary>
    /// Clients for each of <paramref name="connections"/>, counting into <paramref name="tally"/> (default: this
    /// process's) under the account's index, sharing one activity record.
    /// </summary>
    public static StorageAccounts Connect(IReadOnlyList<StorageConnection> connections, TimeSpan? retryFor = null, RequestTally? tally = null)
    {
        var activity = new StorageActivity();
        return new StorageAccounts(connections.Select((c, i) => new StorageClients(c, retryFor, tally: tally, account: i, activity: activity)).ToList());
    }

    /// <summary>The number of accounts (k).</summary>
    public int Count => accounts.Length;

    public IReadOnlyList<StorageClients> All => accounts;

    /// <summary>Account 0: the job's table and collected output.</summary>
    public StorageClients Home => accounts[0];

    /// <summary>The account of <paramref name="rank"/>'s queues and of the large messages sent to it: rank mod k.</summary>
    public StorageClients ForRank(int rank) => accounts[AccountOf(rank, accounts.Length)];

    /// <summary>The rule itself: rank mod <paramref name="accounts"/>.</summary>
    public static int AccountOf(int rank, int accounts) => rank % accounts;

    public StorageActivity Activity => accounts[0].Activity;

    public void Dispose()
    {
        foreach (var a in accounts) a.Dispose();
    }
}
