//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: divergent — wait_group_events is a work-group function but is reached only by work-item 0 (lid == 0 branch)
__kernel void k(__global const float *in, __global float *out, int n)
{
  __requires(n == 1024);
  __local float tile[66];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  event_t e = async_work_group_copy(tile, in + grp * 64, 66, 0);
  if (lid == 0)
    wait_group_events(1, &e);
  out[grp * 64 + lid] = tile[lid] + tile[lid + 1] + tile[lid + 2];
}
