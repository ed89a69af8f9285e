//pass
//--local_size=64 --num_groups=16
// expect: drf — all work-items reach the same copy and wait with the same event, and tile is read only after the wait
__kernel void k(__global const float *in, __global float *out, int n)
{
  __requires(n == 1024);
  __local float tile[66];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  event_t e = async_work_group_copy(tile, in + grp * 64, 66, 0);
  wait_group_events(1, &e);
  out[grp * 64 + lid] = tile[lid] + tile[lid + 1] + tile[lid + 2];
}
