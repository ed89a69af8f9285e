//pass
//--local_size=64 --num_groups=16
// expect: drf — every tile[lid] write is ordered by the barrier before the async copy reads tile, and each group copies out to its own 64-cell slice of out
__kernel void k(__global const float *in, __global float *out)
{
  __local float tile[64];
  int lid = get_local_id(0);
  int grp = get_group_id(0);

  tile[lid] = 3.0f * in[grp * 64 + lid];
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(out + grp * 64, tile, 64, 0);
  wait_group_events(1, &e);
}
