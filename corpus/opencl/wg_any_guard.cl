//pass
//--local_size=64 --num_groups=16
// expect: drf — work_group_any returns the same value to every work-item, so the barrier inside the branch is reached by all or none, and it orders buf[lid] before buf[63 - lid]
// cl-std: CL2.0
__kernel void k(__global const float *in, __global float *out)
{
  __local float buf[64];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  float x = in[gid];
  if (work_group_any(x > 0.0f)) {
    buf[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    x = buf[63 - lid];
  }
  out[gid] = x;
}
