//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — without the barrier the async copy reads tile while other work-items are still writing tile[lid]
__kernel void k(__global const float *in, __global float *out)
{
  __local float tile[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  tile[lid] = 3.0f * in[grp * 64 + lid];
  event_t e = async_work_group_copy(out + grp * 64, tile, 64, 0);
  wait_group_events(1, &e);
}
