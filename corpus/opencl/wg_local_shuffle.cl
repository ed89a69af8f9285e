//pass
//--local_size=64 --num_groups=16
// expect: drf — work_group_barrier with CLK_LOCAL_MEM_FENCE orders each buf[lid] write before the partner's read buf[lid ^ 1]
// cl-std: CL2.0
__kernel void k(__global const int *in, __global int *out)
{
  __local int buf[64];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  buf[lid] = in[gid];
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
  out[gid] = buf[lid ^ 1] + work_group_reduce_add(buf[lid]);
}
