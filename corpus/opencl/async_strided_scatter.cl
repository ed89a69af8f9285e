//pass
//--local_size=64 --num_groups=16
// expect: drf — group grp scatters its tile to out[grp + 16 * i]; with 16 groups and stride 16 these sets are disjoint, and tile is written before the barrier
__kernel void k(__global const float *in, __global float *out)
{
  __local float tile[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  tile[lid] = in[grp * 64 + lid] + 1.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_strided_copy(out + grp, tile, 64, 16, 0);
  wait_group_events(1, &e);
}
