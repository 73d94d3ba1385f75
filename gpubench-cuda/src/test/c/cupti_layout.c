/*
 * Prints the offsets, sizes and constants of CUPTI 13 and NVTX 3 that the kernel audit reads, as a C compiler lays
 * them out; CuptiLayoutTest holds the Java constants to these figures. Regenerate after a CUDA update:
 *
 *   gcc -I/usr/local/cuda/include cupti_layout.c -o /tmp/cupti_layout && /tmp/cupti_layout
 */
#include <stdio.h>
#include <stddef.h>
#include <cupti.h>
#include <nvtx3/nvToolsExt.h>
#define O(t,f) printf("%s.%s %zu\n", #t, #f, offsetof(t,f))
#define S(t) printf("sizeof %s %zu\n", #t, sizeof(t))
int main(void){
  S(CUpti_ActivityAPI); O(CUpti_ActivityAPI,kind);O(CUpti_ActivityAPI,cbid);O(CUpti_ActivityAPI,start);O(CUpti_ActivityAPI,end);O(CUpti_ActivityAPI,processId);O(CUpti_ActivityAPI,threadId);O(CUpti_ActivityAPI,correlationId);O(CUpti_ActivityAPI,returnValue);
  S(CUpti_ActivityKernel10); O(CUpti_ActivityKernel10,start);O(CUpti_ActivityKernel10,end);O(CUpti_ActivityKernel10,completed);O(CUpti_ActivityKernel10,deviceId);O(CUpti_ActivityKernel10,contextId);O(CUpti_ActivityKernel10,streamId);O(CUpti_ActivityKernel10,gridX);O(CUpti_ActivityKernel10,blockX);O(CUpti_ActivityKernel10,staticSharedMemory);O(CUpti_ActivityKernel10,dynamicSharedMemory);O(CUpti_ActivityKernel10,correlationId);O(CUpti_ActivityKernel10,gridId);O(CUpti_ActivityKernel10,name);O(CUpti_ActivityKernel10,launchType);O(CUpti_ActivityKernel10,graphNodeId);O(CUpti_ActivityKernel10,graphId);O(CUpti_ActivityKernel10,registersPerThread);
  S(CUpti_ActivityMemcpy6); O(CUpti_ActivityMemcpy6,copyKind);O(CUpti_ActivityMemcpy6,srcKind);O(CUpti_ActivityMemcpy6,dstKind);O(CUpti_ActivityMemcpy6,bytes);O(CUpti_ActivityMemcpy6,start);O(CUpti_ActivityMemcpy6,end);O(CUpti_ActivityMemcpy6,deviceId);O(CUpti_ActivityMemcpy6,contextId);O(CUpti_ActivityMemcpy6,streamId);O(CUpti_ActivityMemcpy6,correlationId);O(CUpti_ActivityMemcpy6,runtimeCorrelationId);O(CUpti_ActivityMemcpy6,graphNodeId);O(CUpti_ActivityMemcpy6,graphId);
  S(CUpti_ActivityMemcpyPtoP4); O(CUpti_ActivityMemcpyPtoP4,copyKind);O(CUpti_ActivityMemcpyPtoP4,bytes);O(CUpti_ActivityMemcpyPtoP4,start);O(CUpti_ActivityMemcpyPtoP4,end);O(CUpti_ActivityMemcpyPtoP4,deviceId);O(CUpti_ActivityMemcpyPtoP4,contextId);O(CUpti_ActivityMemcpyPtoP4,streamId);O(CUpti_ActivityMemcpyPtoP4,correlationId);
  S(CUpti_ActivityMemset4); O(CUpti_ActivityMemset4,value);O(CUpti_ActivityMemset4,bytes);O(CUpti_ActivityMemset4,start);O(CUpti_ActivityMemset4,end);O(CUpti_ActivityMemset4,deviceId);O(CUpti_ActivityMemset4,contextId);O(CUpti_ActivityMemset4,streamId);O(CUpti_ActivityMemset4,correlationId);O(CUpti_ActivityMemset4,flags);O(CUpti_ActivityMemset4,memoryKind);O(CUpti_ActivityMemset4,graphNodeId);O(CUpti_ActivityMemset4,graphId);
  S(CUpti_CallbackData); O(CUpti_CallbackData,callbackSite);O(CUpti_CallbackData,correlationId);
  S(CUpti_SubscriberParams); O(CUpti_SubscriberParams,subscriberName);O(CUpti_SubscriberParams,oldSubscriberName);O(CUpti_SubscriberParams,oldSubscriberSize); printf("CUpti_SubscriberParams_STRUCT_SIZE %zu\n", (size_t)CUpti_SubscriberParams_STRUCT_SIZE);
  S(nvtxEventAttributes_t); O(nvtxEventAttributes_t,version);O(nvtxEventAttributes_t,size);O(nvtxEventAttributes_t,category);O(nvtxEventAttributes_t,colorType);O(nvtxEventAttributes_t,color);O(nvtxEventAttributes_t,payloadType);O(nvtxEventAttributes_t,payload);O(nvtxEventAttributes_t,messageType);O(nvtxEventAttributes_t,message);
  printf("NVTX_VERSION %d NVTX_EVENT_ATTRIB_STRUCT_SIZE %zu NVTX_COLOR_ARGB %d NVTX_MESSAGE_TYPE_ASCII %d\n", NVTX_VERSION, (size_t)NVTX_EVENT_ATTRIB_STRUCT_SIZE, NVTX_COLOR_ARGB, NVTX_MESSAGE_TYPE_ASCII);
  printf("kinds MEMCPY %d MEMSET %d CONC %d DRIVER %d RUNTIME %d MEMCPY2 %d INTERNAL %d\n", CUPTI_ACTIVITY_KIND_MEMCPY, CUPTI_ACTIVITY_KIND_MEMSET, CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_DRIVER, CUPTI_ACTIVITY_KIND_RUNTIME, CUPTI_ACTIVITY_KIND_MEMCPY2, CUPTI_ACTIVITY_KIND_INTERNAL_LAUNCH_API);
  printf("THREAD_ID_TYPE_SYSTEM %d FLUSH_FORCED %d\n", CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM, CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  printf("memcpy kinds HTOD %d DTOH %d HTOA %d ATOH %d ATOA %d ATOD %d DTOA %d DTOD %d HTOH %d PTOP %d\n", CUPTI_ACTIVITY_MEMCPY_KIND_HTOD, CUPTI_ACTIVITY_MEMCPY_KIND_DTOH, CUPTI_ACTIVITY_MEMCPY_KIND_HTOA, CUPTI_ACTIVITY_MEMCPY_KIND_ATOH, CUPTI_ACTIVITY_MEMCPY_KIND_ATOA, CUPTI_ACTIVITY_MEMCPY_KIND_ATOD, CUPTI_ACTIVITY_MEMCPY_KIND_DTOA, CUPTI_ACTIVITY_MEMCPY_KIND_DTOD, CUPTI_ACTIVITY_MEMCPY_KIND_HTOH, CUPTI_ACTIVITY_MEMCPY_KIND_PTOP);
  printf("cbids drv cuLaunchKernel %d _ptsz %d Ex %d Ex_ptsz %d Coop %d Coop_ptsz %d Graph %d Graph_ptsz %d\n", CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz, CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel, CUPTI_DRIVER_TRACE_CBID_cuLaunchCooperativeKernel_ptsz, CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch, CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch_ptsz);
  printf("cbids rt LaunchKernel %d ptsz %d ExC %d ExC_ptsz %d Coop %d Coop_ptsz %d __cudaLaunchKernel %d ptsz %d Graph %d ptsz %d\n", CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_v9000, CUPTI_RUNTIME_TRACE_CBID_cudaLaunchCooperativeKernel_ptsz_v9000, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000, CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000, CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_v10000, CUPTI_RUNTIME_TRACE_CBID_cudaGraphLaunch_ptsz_v10000);
  printf("domains DRIVER %d RUNTIME %d\n", CUPTI_CB_DOMAIN_DRIVER_API, CUPTI_CB_DOMAIN_RUNTIME_API);
  return 0; }
