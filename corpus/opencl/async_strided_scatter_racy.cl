//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
// expect: racy — with stride 8 and 16 groups, group g's copy writes out[g + 8 * (i + 1)] and group g + 8's copy writes out[g + 8 + 8 * i], the same cell, with values from different tiles
__kernel void k(__global const float *in, __global float *out)
{
  __local float tile[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  tile[lid] = in[grp * 64 + lid] + 1.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_strided_copy(out + grp, tile, 64, 8, 0);
  wait_group_events(1, &e);
}
