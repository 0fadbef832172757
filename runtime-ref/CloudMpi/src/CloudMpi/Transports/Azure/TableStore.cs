using System.Net;
using Azure.Data.Tables;

namespace CloudMpi.Transports.Azure;

/// <summary>The table operations of the azure transport (the table barrier), through the SDK's <see cref="TableClient"/>.</summary>
internal sealed class TableStore(StorageClients owner, TableServiceClient service)
{
    internal Uri Endpoint => service.Uri;

    public void Create(string table) =>
        owner.Do($"create table {table}", Endpoint, ct => service.CreateTableIfNotExists(table, ct));

    public void Delete(string table) =>
        owner.Do($"delete table {table}", Endpoint, ct => service.DeleteTable(table, ct), HttpStatusCode.NotFound);

    /// <summary>Insert an entity with no properties; false if one with the same keys exists.</summary>
    public bool Insert(string table, string partitionKey, string rowKey) =>
        owner.Do($"insert into table {table}", Endpoint, ct =>
        {
            service.GetTableClient(table).AddEntity(new TableEntity(partitionKey, rowKey), ct);
            return true;
        }, HttpStatusCode.Conflict, false);

    /// <summary>The number of entities in one partition.</summary>
    public int CountPartition(string table, string partitionKey) =>
        owner.Do($"query table {table}", Endpoint, ct =>
            service.GetTableClient(table).Query<TableEntity>($"PartitionKey eq '{partitionKey}'", select: ["RowKey"], cancellationToken: ct).Count());

    // ---- rows with properties: the job table of ranks that join a job (CloudMpi.Run/Join/JobRegistry.cs)

    /// <summary>Insert <paramref name="entity"/>; false when a row with its keys exists (the first writer wins).</summary>
    public bool Add(string table, TableEntity entity) =>
        owner.Do($"insert into table {table}", Endpoint, ct =>
        {
            service.GetTableClient(table).AddEntity(entity, ct);
            return true;
        }, HttpStatusCode.Conflict, false);

    /// <summary>Insert or merge the properties of <paramref name="entity"/> into its row.</summary>
    public void Merge(string table, TableEntity entity) =>
        owner.Do($"update table {table}", Endpoint, ct => service.GetTableClient(table).UpsertEntity(entity, TableUpdateMode.Merge, ct));

    /// <summary>The rows that match an OData <paramref name="filter"/>.</summary>
    public List<TableEntity> Query(string table, string filter) =>
        owner.Do($"query table {table}", Endpoint, ct =>
            service.GetTableClient(table).Query<TableEntity>(filter, cancellationToken: ct).ToList());
}
